import { DELETE as remove, PATCH as patch } from "@/app/api/webhooks/[id]/route";
import { GET as deliveriesRoute } from "@/app/api/webhooks/[id]/deliveries/route";
import { POST as resendRoute } from "@/app/api/webhooks/[id]/deliveries/[deliveryId]/resend/route";
import { POST as rotateRoute } from "@/app/api/webhooks/[id]/rotate-secret/route";
import { POST as testRoute } from "@/app/api/webhooks/[id]/test/route";
import { GET as list, POST as create } from "@/app/api/webhooks/route";
import type { Plan } from "@/generated/prisma/enums";
import { EVENTS_REQUIRED, EVENT_UNKNOWN, URL_REQUIRED, WEBHOOK_ENDPOINTS_MAX } from "@/lib/schemas/webhooks";
import { unseal } from "@/lib/server/secret-box";
import { SECRET_OVERLAP_MS, WEBHOOK_LIMIT, sealContext } from "@/lib/services/webhooks/endpoints";
import { ENDPOINT_OFF } from "@/lib/services/webhooks/deliveries";
import { URL_INVALID, URL_NOT_HTTPS, URL_PRIVATE_HOST } from "@/lib/webhooks/safe-post";
import { createOrg, createUser, freshTwoTenants, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs, queuedJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";

// Webhook endpoints: admins of Enterprise organisations subscribe URLs to events, change, rotate
// and delete them, read their delivery log, resend and send a test event; agents and customers
// nothing; lower plans get plan_required; another organisation's endpoint is a 404. Only https
// URLs on public addresses unless WEBHOOK_ALLOW_PRIVATE_HOSTS=true.

type User = { id: string; sessionVersion: number };
const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};
const call = async (
  handler: (req: never, ctx: never) => Promise<Response>,
  method: string,
  path: string,
  user: User | null,
  values: Record<string, string> = {},
  body?: unknown,
) => {
  const res = await handler(
    makeRequest(path, { method, body, headers: await as(user) }) as never,
    params(values) as never,
  );
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
};
const post = (user: User | null, body: unknown) => call(create, "POST", "/api/webhooks", user, {}, body);
const get = (user: User | null) => call(list, "GET", "/api/webhooks", user);
const change = (user: User | null, id: string, body: unknown) =>
  call(patch, "PATCH", `/api/webhooks/${id}`, user, { id }, body);
const del = (user: User | null, id: string) => call(remove, "DELETE", `/api/webhooks/${id}`, user, { id });
const rotate = (user: User | null, id: string) =>
  call(rotateRoute, "POST", `/api/webhooks/${id}/rotate-secret`, user, { id });
const sendTest = (user: User | null, id: string) => call(testRoute, "POST", `/api/webhooks/${id}/test`, user, { id });
const deliveries = (user: User | null, id: string, query = "") =>
  call(deliveriesRoute, "GET", `/api/webhooks/${id}/deliveries${query}`, user, { id });
const resend = (user: User | null, id: string, deliveryId: string) =>
  call(resendRoute, "POST", `/api/webhooks/${id}/deliveries/${deliveryId}/resend`, user, { id, deliveryId });

const URL_OK = "https://hooks.example.test/ticketry";
const endpoint = (overrides: Record<string, unknown> = {}) => ({
  url: URL_OK,
  events: ["ticket.created"],
  ...overrides,
});

async function adminOf(plan: Plan) {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin") };
}
async function made(admin: User, overrides: Record<string, unknown> = {}) {
  const res = await post(admin, endpoint(overrides));
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}
const issuePaths = (body: Record<string, unknown>) => (body.issues as { path: string }[]).map((i) => i.path);

let enterprise: { org: { id: string }; admin: User; agent: User; customer: User };
beforeAll(async () => {
  await freshTwoTenants();
  const { org, admin } = await adminOf("enterprise");
  enterprise = {
    org,
    admin,
    agent: await createUser(org.id, "agent"),
    customer: await createUser(org.id, "end_user"),
  };
});
beforeEach(() => clearJobs());
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
});

describe("POST /api/webhooks", () => {
  it("answers the contract's { id, secret } once, keeps the secret sealed and records the change", async () => {
    const { org, admin } = await adminOf("enterprise");
    const res = await post(admin, { url: URL_OK, events: ["ticket.created"] });
    expect(res).toEqual({ status: 201, body: { id: expect.any(String), secret: expect.stringMatching(/^whsec_/) } });
    const id = res.body.id as string;
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ organizationId: org.id, url: URL_OK, events: ["ticket.created"], active: true });
    expect(stored.secret).not.toContain("whsec_");
    expect(unseal(stored.secret, sealContext(id))).toBe(res.body.secret);
    const event = await db.auditEvent.findFirst({ where: { targetId: id, action: "webhook.created" } });
    expect(event).toMatchObject({ actorId: admin.id, targetType: "webhook_endpoint", metadata: { url: URL_OK } });
    // The list never shows the secret again.
    const listed = await get(admin);
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret as string);
    expect(listed.body).toMatchObject({
      plan: "enterprise",
      limit: WEBHOOK_ENDPOINTS_MAX,
      endpoints: [{ id, url: URL_OK, events: ["ticket.created"], active: true, description: null, lastDelivery: null }],
    });
  });

  it("stores each event once, in the list's order, with a description", async () => {
    const res = await post(enterprise.admin, {
      url: URL_OK,
      events: ["reply.created", "ticket.created", "reply.created"],
      description: "  CRM sync ",
    });
    expect(res.status).toBe(201);
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored).toMatchObject({ events: ["ticket.created", "reply.created"], description: "CRM sync" });
  });

  it.each([
    ["no URL", { events: ["ticket.created"] }, "url", URL_REQUIRED],
    ["an empty URL", endpoint({ url: " " }), "url", URL_REQUIRED],
    ["a URL too long", endpoint({ url: `https://a.test/${"x".repeat(2000)}` }), "url", undefined],
    ["no events", { url: URL_OK }, "events", EVENTS_REQUIRED],
    ["an empty list of events", endpoint({ events: [] }), "events", EVENTS_REQUIRED],
    ["an unknown event", endpoint({ events: ["ticket.deleted"] }), "events.0", EVENT_UNKNOWN],
    ["the test event", endpoint({ events: ["webhook.test"] }), "events.0", EVENT_UNKNOWN],
    ["a description on two lines", endpoint({ description: "a\nb" }), "description", undefined],
    ["a description too long", endpoint({ description: "x".repeat(201) }), "description", undefined],
  ])("refuses %s", async (_what, body, path, message) => {
    const res = await post(enterprise.admin, body);
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(path);
    if (message) expect(JSON.stringify(res.body.issues)).toContain(message);
  });

  it.each([
    ["plain http", "http://hooks.example.test/in", URL_NOT_HTTPS],
    ["not a URL", "hooks.example.test", URL_INVALID],
    ["another scheme", "ftp://hooks.example.test/", URL_INVALID],
    ["credentials in the URL", "https://me:pw@hooks.example.test/", URL_INVALID],
    ["loopback", "https://127.0.0.1:8443/in", URL_PRIVATE_HOST],
    ["the cloud metadata address", "https://169.254.169.254/latest/meta-data", URL_PRIVATE_HOST],
    ["a private network", "https://10.0.0.8/in", URL_PRIVATE_HOST],
    ["IPv6 loopback", "https://[::1]/in", URL_PRIVATE_HOST],
    ["localhost", "https://localhost/in", URL_PRIVATE_HOST],
  ])("refuses %s with 400 while private hosts are not allowed", async (_what, url, message) => {
    const res = await post(enterprise.admin, endpoint({ url }));
    expect(res).toMatchObject({ status: 400, body: { code: "bad_request", error: message } });
  });

  it("accepts http and private hosts when WEBHOOK_ALLOW_PRIVATE_HOSTS=true", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
    expect((await post(enterprise.admin, endpoint({ url: "http://127.0.0.1:9/in" }))).status).toBe(201);
    expect((await post(enterprise.admin, endpoint({ url: "http://localhost:9/in" }))).status).toBe(201);
  });

  it(`stops at ${WEBHOOK_ENDPOINTS_MAX} endpoints per organisation`, async () => {
    const { admin } = await adminOf("enterprise");
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++) await made(admin);
    expect(await post(admin, endpoint())).toMatchObject({
      status: 409,
      body: { code: "conflict", error: WEBHOOK_LIMIT },
    });
  });

  it.each(["free", "starter", "pro"] as Plan[])("is Enterprise's: %s gets plan_required", async (plan) => {
    const { admin } = await adminOf(plan);
    expect(await post(admin, endpoint())).toMatchObject({ status: 403, body: { code: "plan_required" } });
    expect(await get(admin)).toMatchObject({ status: 403, body: { code: "plan_required" } });
  });

  it("is the admins': agents and customers 403, nobody signed in 401", async () => {
    expect((await post(enterprise.agent, endpoint())).status).toBe(403);
    expect((await post(enterprise.customer, endpoint())).status).toBe(403);
    expect((await post(null, endpoint())).status).toBe(401);
    expect((await get(enterprise.agent)).status).toBe(403);
    expect((await get(null)).status).toBe(401);
  });
});

describe("PATCH and DELETE /api/webhooks/{id}", () => {
  it("changes the URL, events, description and whether it is on, and turning it on clears a disabling", async () => {
    const { id } = await made(enterprise.admin);
    await db.webhookEndpoint.update({
      where: { id },
      data: { active: false, disabledAt: new Date(), failingSince: new Date(), failureCount: 9 },
    });
    const res = await change(enterprise.admin, id, {
      url: "https://other.example.test/in",
      events: ["ticket.updated", "ticket.assigned"],
      description: "Status page",
      active: true,
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        id,
        url: "https://other.example.test/in",
        events: ["ticket.updated", "ticket.assigned"],
        description: "Status page",
        active: true,
        disabledAt: null,
      },
    });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({
      failingSince: null,
      failureCount: 0,
    });
    expect(await change(enterprise.admin, id, { active: false })).toMatchObject({
      status: 200,
      body: { active: false },
    });
  });

  it.each([
    ["nothing", {}, 400],
    ["an http URL", { url: "http://x.example.test/" }, 400],
    ["a private URL", { url: "https://192.168.1.1/" }, 400],
    ["no events", { events: [] }, 400],
    ["active as text", { active: "yes" }, 400],
  ])("refuses %s", async (_what, body, status) => {
    const { id } = await made(enterprise.admin);
    expect((await change(enterprise.admin, id, body)).status).toBe(status);
  });

  it("deletes an endpoint with its log, and records it", async () => {
    const { id } = await made(enterprise.admin);
    await db.webhookDelivery.create({
      data: { endpointId: id, eventId: "msg_x", type: "ticket.created", payload: {} },
    });
    expect(await del(enterprise.admin, id)).toEqual({ status: 204, body: null });
    expect(await db.webhookEndpoint.count({ where: { id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
    expect(await db.auditEvent.count({ where: { targetId: id, action: "webhook.deleted" } })).toBe(1);
    expect((await del(enterprise.admin, id)).status).toBe(404);
  });

  it("keeps another organisation's endpoint out of reach (404) and refuses agents (403)", async () => {
    const { id } = await made(enterprise.admin);
    const stranger = (await adminOf("enterprise")).admin;
    expect((await change(stranger, id, { active: false })).status).toBe(404);
    expect((await del(stranger, id)).status).toBe(404);
    expect((await rotate(stranger, id)).status).toBe(404);
    expect((await sendTest(stranger, id)).status).toBe(404);
    expect((await deliveries(stranger, id)).status).toBe(404);
    expect((await change(enterprise.agent, id, { active: false })).status).toBe(403);
    expect((await del(enterprise.customer, id)).status).toBe(403);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({ active: true });
  });
});

describe("POST /api/webhooks/{id}/rotate-secret", () => {
  it("answers a new secret once and keeps the old one signing for 24 hours", async () => {
    const { id, secret: first } = await made(enterprise.admin);
    const before = Date.now();
    const res = await rotate(enterprise.admin, id);
    expect(res).toEqual({ status: 200, body: { id, secret: expect.stringMatching(/^whsec_/) } });
    expect(res.body.secret).not.toBe(first);
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(unseal(stored.secret, sealContext(id))).toBe(res.body.secret);
    expect(unseal(stored.previousSecret!, sealContext(id))).toBe(first);
    expect(stored.previousSecretUntil!.getTime()).toBeGreaterThanOrEqual(before + SECRET_OVERLAP_MS - 1000);
    expect(stored.previousSecretUntil!.getTime()).toBeLessThanOrEqual(Date.now() + SECRET_OVERLAP_MS);
    expect(await db.auditEvent.count({ where: { targetId: id, action: "webhook.secret_rotated" } })).toBe(1);
    expect((await rotate(enterprise.agent, id)).status).toBe(403);
  });
});

describe("test event, delivery log and resend", () => {
  it("queues a webhook.test delivery, lists the log newest first in pages, and resends one as a new delivery", async () => {
    const { id } = await made(enterprise.admin, { events: ["reply.created"] });
    const sent = await sendTest(enterprise.admin, id);
    expect(sent).toMatchObject({
      status: 201,
      body: { type: "webhook.test", status: "queued", attempts: 0, eventId: expect.stringMatching(/^msg_/) },
    });
    expect(await queuedJobs("webhook.deliver")).toHaveLength(1);
    const second = await sendTest(enterprise.admin, id);
    const page = await deliveries(enterprise.admin, id, "?limit=1");
    expect(page.body).toMatchObject({ deliveries: [{ id: second.body.id }], nextCursor: expect.any(String) });
    const next = await deliveries(enterprise.admin, id, `?limit=1&cursor=${page.body.nextCursor as string}`);
    expect(next.body).toMatchObject({ deliveries: [{ id: sent.body.id }], nextCursor: null });
    const again = await resend(enterprise.admin, id, sent.body.id as string);
    expect(again).toMatchObject({
      status: 201,
      body: { type: "webhook.test", eventId: sent.body.eventId, status: "queued" },
    });
    expect(again.body.id).not.toBe(sent.body.id);
    expect(await queuedJobs("webhook.deliver")).toHaveLength(3);
  });

  it("refuses bad pages, unknown deliveries, another endpoint's delivery and a turned-off endpoint", async () => {
    const { id } = await made(enterprise.admin);
    const { id: otherId } = await made(enterprise.admin);
    const sent = await sendTest(enterprise.admin, id);
    expect((await deliveries(enterprise.admin, id, "?limit=0")).status).toBe(400);
    expect((await deliveries(enterprise.admin, id, "?limit=101")).status).toBe(400);
    expect((await deliveries(enterprise.admin, id, "?cursor=bad")).status).toBe(400);
    expect((await resend(enterprise.admin, id, "00000000-0000-7000-8000-000000000000")).status).toBe(404);
    expect((await resend(enterprise.admin, otherId, sent.body.id as string)).status).toBe(404);
    await change(enterprise.admin, id, { active: false });
    expect(await sendTest(enterprise.admin, id)).toMatchObject({ status: 409, body: { error: ENDPOINT_OFF } });
    expect((await resend(enterprise.admin, id, sent.body.id as string)).status).toBe(409);
  });

  it("is the admins' and Enterprise's", async () => {
    const { id } = await made(enterprise.admin);
    expect((await sendTest(enterprise.agent, id)).status).toBe(403);
    expect((await deliveries(enterprise.customer, id)).status).toBe(403);
    expect((await sendTest(null, id)).status).toBe(401);
    await db.organization.update({ where: { id: enterprise.org.id }, data: { plan: "pro" } });
    try {
      expect(await sendTest(enterprise.admin, id)).toMatchObject({ status: 403, body: { code: "plan_required" } });
      expect(await deliveries(enterprise.admin, id)).toMatchObject({ status: 403, body: { code: "plan_required" } });
      expect(await rotate(enterprise.admin, id)).toMatchObject({ status: 403, body: { code: "plan_required" } });
    } finally {
      await db.organization.update({ where: { id: enterprise.org.id }, data: { plan: "enterprise" } });
    }
  });
});
