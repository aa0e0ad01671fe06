// Deliveries to a real HTTP server this test starts: signed as the Standard Webhooks
// specification says (checked by a receiver written from the specification, not our signer),
// the ticket as the API returns it, retried after failures, in order per ticket, never
// following a redirect, and never sent to a private address unless the deployment allows it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST as createEndpoint } from "@/app/api/webhooks/route";
import { GET as listTickets } from "@/app/api/v1/tickets/route";
import { POST as rotateRoute } from "@/app/api/webhooks/[id]/rotate-secret/route";
import { POST as testRoute } from "@/app/api/webhooks/[id]/test/route";
import { db as appDb } from "@/lib/server/db";
import { listener } from "@/lib/server/live-listener";
import { FAILING_DAYS_BEFORE_DISABLE } from "@/lib/services/webhooks/deliver";
import { enqueueWebhookEvent, WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS } from "@/lib/services/webhooks/enqueue";
import { organizationWebhooks } from "@/lib/services/webhooks/subscribers";
import {
  RESPONSE_EXCERPT_BYTES,
  resolveWebhookHost,
  safePost,
  URL_NOT_HTTPS,
  URL_PRIVATE_HOST,
} from "@/lib/webhooks/safe-post";
import { standardWebhookValid } from "../../support/standard-webhooks";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { apiTokenOf } from "../helpers/api-token";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs, queuedJobs, skipBackoff } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import { until } from "../helpers/session-users";
import { startSmtp } from "../helpers/smtp";
import { postTicket } from "../helpers/ticket-list";

// A name that resolves to a private address, as a hostile DNS record would; names under
// slow.example.test answer only when the test lets them (a DNS server that takes its time), and
// the lookups in flight are counted; every other name goes to the real resolver.
const slowLookups = { inFlight: 0, most: 0, answer: [] as (() => void)[] };
jest.mock("node:dns/promises", () => {
  const actual = jest.requireActual("node:dns/promises");
  return {
    ...actual,
    lookup: (host: string, options: object) => {
      if (host === "internal.example.test") return Promise.resolve([{ address: "10.0.0.5", family: 4 }]);
      if (host === "rebound.example.test") return Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
      if (!host.endsWith(".slow.example.test")) return actual.lookup(host, options);
      slowLookups.most = Math.max(slowLookups.most, ++slowLookups.inFlight);
      return new Promise((resolve) =>
        slowLookups.answer.push(() => {
          slowLookups.inFlight--;
          resolve([{ address: "203.0.113.7", family: 4 }]);
        }),
      );
    },
  };
});

type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
type Answer = { status: number; body?: string; headers?: Record<string, string>; hang?: boolean };

/** The receiving end: records every request and answers from `answers` in turn (200 when none is left). */
let received: Received[] = [];
let answers: Answer[] = [];
let server: http.Server;
let base: string;
const hanging = new Set<http.ServerResponse>();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let org: { id: string };
let admin: Awaited<ReturnType<typeof createUser>>;
let agent: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body, path: req.url ?? "" });
      const answer = answers.shift() ?? { status: 200, body: "ok" };
      if (answer.hang) {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, answer.headers).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
  await smtp.stop();
});
beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  received = [];
  answers = [];
  await clearJobs();
  org = await createOrg("enterprise");
  admin = await createUser(org.id, "org_admin");
  agent = await createUser(org.id, "agent");
});
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
});

async function subscribe(events: string[] = ["ticket.created"], path = "/hook") {
  const res = await readJson(
    await createEndpoint(
      makeRequest("/api/webhooks", {
        method: "POST",
        body: { url: `${base}${path}`, events },
        headers: { cookie: await sessionCookie(admin) },
      }),
      params(),
    ),
  );
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}
/**
 * Runs the ready jobs until none is left ready. One run can end while a job of a ticket's queue
 * waits for the queue its predecessor held (the queue is freed as the run ends), so the run is
 * repeated while a delivery job is still due.
 */
async function drainReady() {
  for (let run = 0; run < 5; run++) {
    await drainJobs();
    const due = (await queuedJobs(WEBHOOK_JOB)).filter(
      (job) => job.attempts < job.max_attempts && job.run_at <= new Date(),
    );
    if (due.length === 0) return;
  }
  throw new Error("delivery jobs are still due after five runs");
}
const deliveriesOf = (endpointId: string) =>
  db.webhookDelivery.findMany({ where: { endpointId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

describe("a new ticket's delivery", () => {
  it("posts { type, timestamp, data: the ticket as the API returns it } with a valid Standard Webhooks signature", async () => {
    const { id, secret } = await subscribe();
    const ticket = await postTicket(agent, { subject: "Printer on fire", customerEmail: "ann@example.test" });
    expect(ticket.status).toBe(201);
    expect(await queuedJobs(WEBHOOK_JOB)).toHaveLength(1);
    await drainJobs();
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit!.path).toBe("/hook");
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(standardWebhookValid(secret, hit!.headers, hit!.body)).toBe(true);
    expect(standardWebhookValid(secret, hit!.headers, hit!.body.replace("fire", "ice"))).toBe(false);
    const body = JSON.parse(hit!.body);
    // The ticket as the API lists it: with its assignee's name, whether the customer spoke last, its tags.
    const reader = await apiTokenOf(org.id, ["tickets:read"]);
    const listed = await readJson(
      await listTickets(makeRequest("/api/v1/tickets?limit=1", { headers: reader.headers })),
    );
    const data = listed.body.data as Record<string, unknown>[];
    expect(data[0]).toMatchObject({ id: ticket.body.id, tags: [], customerReplied: false, assigneeName: null });
    expect(body).toEqual({ type: "ticket.created", timestamp: expect.any(String), data: data[0] });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      responseBody: "ok",
      error: null,
      ticketId: ticket.body.id,
      eventId: hit!.headers["webhook-id"],
    });
    expect(delivery!.deliveredAt).toBeInstanceOf(Date);
  });

  it("sends nothing to endpoints not subscribed to new tickets, turned off, or of an organisation whose plan has no webhooks", async () => {
    const { id: replies } = await subscribe(["reply.created"]);
    const { id: off } = await subscribe();
    await db.webhookEndpoint.update({ where: { id: off }, data: { active: false } });
    await postTicket(agent, { subject: "Not for them" });
    expect(await db.webhookDelivery.count({ where: { endpointId: { in: [replies, off] } } })).toBe(0);
    const { id: moved } = await subscribe();
    await db.organization.update({ where: { id: org.id }, data: { plan: "pro" } });
    organizationWebhooks.forget(org.id);
    await postTicket(agent, { subject: "After moving down" });
    expect(await db.webhookDelivery.count({ where: { endpointId: moved } })).toBe(0);
    expect(await queuedJobs(WEBHOOK_JOB)).toEqual([]);
  });

  it("writes nothing and sends nothing for a change that is rolled back", async () => {
    const { id } = await subscribe();
    await expect(
      appDb.$transaction(async (tx) => {
        await enqueueWebhookEvent(tx, {
          organizationId: org.id,
          type: "ticket.created",
          data: { id: "t" },
          ticketId: null,
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await deliveriesOf(id)).toEqual([]);
    expect(await queuedJobs(WEBHOOK_JOB)).toEqual([]);
    await drainJobs();
    expect(received).toEqual([]);
  });

  it("hears an endpoint added by another process before the organisation's next ticket", async () => {
    await listener.ensure();
    await until(() => organizationWebhooks.isActive, "this process listens");
    await postTicket(agent, { subject: "Before any endpoint" });
    expect(organizationWebhooks.has(org.id)).toBe(true);
    // Written as another process would: only the trigger's notification tells this one.
    await db.webhookEndpoint.create({
      data: { organizationId: org.id, url: `${base}/other`, events: ["ticket.created"], secret: "unused" },
    });
    await until(() => !organizationWebhooks.has(org.id), "the new endpoint is heard");
    await postTicket(agent, { subject: "After the endpoint" });
    expect(await queuedJobs(WEBHOOK_JOB)).toHaveLength(1);
    await listener.stop();
  });
});

describe("retries, order and failures", () => {
  it("retries a 500 with backoff under the same message id, and logs each attempt", async () => {
    const { id, secret } = await subscribe();
    answers = [{ status: 500, body: "database down" }];
    await postTicket(agent, { subject: "Retry me" });
    await drainJobs();
    expect(await deliveriesOf(id)).toMatchObject([
      {
        status: "queued",
        attempts: 1,
        responseStatus: 500,
        responseBody: "database down",
        error: "The endpoint answered 500",
      },
    ]);
    const [job] = await queuedJobs(WEBHOOK_JOB);
    expect(job).toMatchObject({ attempts: 1, max_attempts: WEBHOOK_MAX_ATTEMPTS });
    expect(job!.run_at.getTime()).toBeGreaterThan(Date.now());
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).failureCount).toBe(1);
    await skipBackoff();
    await drainJobs();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(standardWebhookValid(secret, received[1]!.headers, received[1]!.body)).toBe(true);
    expect(await deliveriesOf(id)).toMatchObject([
      { status: "succeeded", attempts: 2, responseStatus: 200, error: null },
    ]);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({
      failureCount: 0,
      failingSince: null,
    });
    expect(await queuedJobs(WEBHOOK_JOB)).toEqual([]);
  });

  it("delivers a ticket's events in order: a later event waits while an earlier one is retried", async () => {
    const { id } = await subscribe(["ticket.created", "ticket.updated"]);
    answers = [{ status: 503 }];
    const ticket = await postTicket(agent, { subject: "In order" });
    await appDb.$transaction((tx) =>
      enqueueWebhookEvent(tx, {
        organizationId: org.id,
        type: "ticket.updated",
        data: { ...ticket.body, priority: "urgent" },
        ticketId: ticket.body.id as string,
      }),
    );
    await drainReady();
    // The first failed; the second was held back, not sent.
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(["ticket.created"]);
    await skipBackoff();
    await drainReady();
    await skipBackoff();
    await drainReady();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual([
      "ticket.created",
      "ticket.created",
      "ticket.updated",
    ]);
    expect((await deliveriesOf(id)).map((d) => [d.type, d.status, d.attempts])).toEqual([
      ["ticket.created", "succeeded", 2],
      ["ticket.updated", "succeeded", 1],
    ]);
  });

  it("does not follow a redirect: the 3xx is a failed delivery that says so", async () => {
    const { id } = await subscribe();
    answers = [{ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }];
    await postTicket(agent, { subject: "Redirected" });
    await drainJobs();
    expect(received).toHaveLength(1);
    expect(await deliveriesOf(id)).toMatchObject([
      {
        status: "queued",
        responseStatus: 302,
        error: "Redirected to http://169.254.169.254/latest/meta-data/; redirects are not followed",
      },
    ]);
  });

  it(`turns an endpoint off after failing for ${FAILING_DAYS_BEFORE_DISABLE} days and tells the admins by mail and in Activity`, async () => {
    const { id } = await subscribe();
    const since = new Date(Date.now() - (FAILING_DAYS_BEFORE_DISABLE * 24 + 1) * 3600_000);
    await db.webhookEndpoint.update({ where: { id }, data: { failingSince: since, failureCount: 40 } });
    answers = [{ status: 500 }];
    await postTicket(agent, { subject: "The last straw" });
    await drainJobs();
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({
      active: false,
      disabledAt: expect.any(Date),
      failureCount: 41,
      failingSince: since,
    });
    expect(await db.auditEvent.count({ where: { targetId: id, action: "webhook.disabled" } })).toBe(1);
    const toAdmin = smtp.messages.filter((m) => m.to.includes(admin.email));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.text).toContain(`${base}/hook`);
    expect(smtp.messages.filter((m) => m.to.includes(agent.email))).toEqual([]);
    // The retry finds it off and sends nothing more.
    await skipBackoff();
    await drainJobs();
    expect(received).toHaveLength(1);
    expect(await deliveriesOf(id)).toMatchObject([{ status: "failed", error: "Not sent: the endpoint is turned off" }]);
  });

  it("signs with both secrets for a day after a rotation, and a test event reaches the endpoint", async () => {
    const { id, secret: before } = await subscribe();
    const rotated = await readJson(
      await rotateRoute(
        makeRequest(`/api/webhooks/${id}/rotate-secret`, {
          method: "POST",
          headers: { cookie: await sessionCookie(admin) },
        }),
        params({ id }),
      ),
    );
    const after = rotated.body.secret as string;
    const sent = await readJson(
      await testRoute(
        makeRequest(`/api/webhooks/${id}/test`, { method: "POST", headers: { cookie: await sessionCookie(admin) } }),
        params({ id }),
      ),
    );
    expect(sent.status).toBe(201);
    await drainJobs();
    const [hit] = received;
    expect(JSON.parse(hit!.body)).toMatchObject({ type: "webhook.test", data: { endpointId: id } });
    expect(String(hit!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(standardWebhookValid(after, hit!.headers, hit!.body)).toBe(true);
    expect(standardWebhookValid(before, hit!.headers, hit!.body)).toBe(true);
    // Once the overlap is over, only the new secret signs.
    await db.webhookEndpoint.update({ where: { id }, data: { previousSecretUntil: new Date(Date.now() - 1000) } });
    await testRoute(
      makeRequest(`/api/webhooks/${id}/test`, { method: "POST", headers: { cookie: await sessionCookie(admin) } }),
      params({ id }),
    );
    await drainJobs();
    expect(standardWebhookValid(after, received[1]!.headers, received[1]!.body)).toBe(true);
    expect(standardWebhookValid(before, received[1]!.headers, received[1]!.body)).toBe(false);
  });
});

describe("safePost", () => {
  const post = (url: string, opts = {}) => safePost(url, "{}", { "webhook-id": "msg_t" }, opts);

  it("gives up on an endpoint that does not answer in time, as a failure it reports", async () => {
    answers = [{ status: 200, hang: true }];
    const outcome = await post(`${base}/slow`, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false, status: null, error: "No answer within 0.3 seconds" });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(300);
    expect(outcome.durationMs).toBeLessThan(3000);
  });

  it(`keeps at most ${RESPONSE_EXCERPT_BYTES} bytes of the answer`, async () => {
    answers = [{ status: 200, body: "x".repeat(100_000) }];
    const outcome = await post(`${base}/big`);
    expect(outcome).toMatchObject({ ok: true, status: 200, error: null });
    expect(outcome.body).toBe("x".repeat(RESPONSE_EXCERPT_BYTES));
  });

  it("looks names up one at a time: a slow DNS holds one of the threads password hashing needs, never all", async () => {
    const resolving = ["a", "b", "c"].map((name) => resolveWebhookHost(new URL(`https://${name}.slow.example.test/`)));
    for (let answered = 0; answered < 3; answered++) {
      await until(() => slowLookups.answer.length > 0, "the next lookup");
      slowLookups.answer.shift()!();
    }
    expect(await Promise.all(resolving)).toEqual(Array(3).fill({ address: "203.0.113.7", family: 4 }));
    expect(slowLookups.most).toBe(1);
  });

  it("connects to the address it checked, not to a second lookup of the name", async () => {
    // The system resolver does not know this name: only the checked address can reach the server.
    const port = (server.address() as AddressInfo).port;
    const outcome = await post(`http://rebound.example.test:${port}/named`);
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(received.at(-1)).toMatchObject({ path: "/named", headers: { host: `rebound.example.test:${port}` } });
  });

  it.each([
    ["loopback over https", () => `https://127.0.0.1:${(server.address() as AddressInfo).port}/`, URL_PRIVATE_HOST],
    ["plain http", () => base, URL_NOT_HTTPS],
    ["the cloud metadata address", () => "https://169.254.169.254/latest/meta-data/", URL_PRIVATE_HOST],
    ["a mapped loopback address", () => "https://[::ffff:127.0.0.1]/", URL_PRIVATE_HOST],
    ["a name resolving to a private address", () => "https://internal.example.test/hook", URL_PRIVATE_HOST],
    ["a name resolving to loopback", () => "https://rebound.example.test/hook", URL_PRIVATE_HOST],
  ])("refuses %s without WEBHOOK_ALLOW_PRIVATE_HOSTS, sending nothing", async (_what, url, error) => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
    expect(await post(url())).toMatchObject({ ok: false, status: null, error });
    expect(received).toEqual([]);
  });

  it("refuses at delivery an endpoint whose name has come to resolve to a private address", async () => {
    const { id } = await subscribe();
    await db.webhookEndpoint.update({ where: { id }, data: { url: "https://internal.example.test/hook" } });
    delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
    await postTicket(agent, { subject: "Rebound" });
    await drainJobs();
    expect(await deliveriesOf(id)).toMatchObject([{ status: "queued", attempts: 1, error: URL_PRIVATE_HOST }]);
    expect(received).toEqual([]);
  });
});
