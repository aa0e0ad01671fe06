import { GET as openapi } from "@/app/api/v1/openapi.json/route";
import { POST as createRoute } from "@/app/api/v1/tickets/route";
import { POST as replyRoute } from "@/app/api/v1/tickets/[id]/replies/route";
import { cleanUpExpired } from "@/lib/services/cleanup";
import { claimIdempotencyKey, requestFingerprint, settleIdempotencyKey } from "@/lib/services/api/idempotency";
import { createTicketSchema } from "@/lib/schemas/tickets";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { send } from "./write-calls";

// Idempotency-Key on the public API's POSTs: the same key from the same token within a day answers
// the first answer and does nothing again, whatever that answer was (short of a server error);
// the same key with another request is refused; two calls at once with one key do the work once.

type Ticket = { id: string; subject: string };

let org: { id: string };
let writer: Awaited<ReturnType<typeof apiTokenOf>>;
const NEW = { subject: "Charged twice", description: "Order 4521", customerEmail: "dana@example.com" };

const create = (key: string | null, body: unknown = NEW, token = writer) =>
  send<Ticket>(createRoute, "/api/v1/tickets", {
    body,
    headers: { ...token.headers, ...(key === null ? {} : { "idempotency-key": key }) },
  });
const ticketCount = () => db.ticket.count({ where: { organizationId: org.id } });

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  writer = await apiTokenOf(org.id, ["tickets:read", "tickets:write"], "CRM sync");
});

it("answers the same key and request again with the first answer, marked replayed, and creates nothing", async () => {
  const before = await ticketCount();
  const first = await create("order-4521-create");
  expect(first.status).toBe(201);
  expect(first.headers.get("idempotent-replayed")).toBeNull();
  const again = await create("order-4521-create");
  expect({ status: again.status, body: again.body, replayed: again.headers.get("idempotent-replayed") }).toEqual({
    status: 201,
    body: first.body,
    replayed: "true",
  });
  expect(await ticketCount()).toBe(before + 1);
});

it("does the work again without a key, or with another key", async () => {
  const before = await ticketCount();
  await create(null);
  await create(null);
  await create("key-a");
  await create("key-b");
  expect(await ticketCount()).toBe(before + 4);
});

it("refuses the same key with another body or on another call with 422, doing nothing", async () => {
  const first = await create("reused-key");
  const before = await ticketCount();
  const otherBody = await create("reused-key", { ...NEW, subject: "Something else" });
  expect({ status: otherBody.status, code: otherBody.body.code }).toEqual({
    status: 422,
    code: "idempotency_key_reused",
  });
  const otherCall = await send(replyRoute, `/api/v1/tickets/${first.body.id}/replies`, {
    body: { content: "Hello" },
    headers: { ...writer.headers, "idempotency-key": "reused-key" },
    values: { id: first.body.id },
  });
  expect({ status: otherCall.status, code: otherCall.body.code }).toEqual({
    status: 422,
    code: "idempotency_key_reused",
  });
  expect(await ticketCount()).toBe(before);
  expect(await db.reply.count({ where: { ticketId: first.body.id } })).toBe(0);
});

it("keeps each token's keys its own: another token's same key is a new request", async () => {
  const other = await apiTokenOf(org.id, ["tickets:write"], "Chat tool");
  const mine = await create("shared-name");
  const theirs = await create("shared-name", NEW, other);
  expect(theirs.status).toBe(201);
  expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  expect(theirs.body.id).not.toBe(mine.body.id);
});

it("creates one ticket when several calls with one key arrive at once; the others answer it or 409 with Retry-After", async () => {
  const before = await ticketCount();
  const answers = await Promise.all(Array.from({ length: 4 }, () => create("at-once")));
  expect(await ticketCount()).toBe(before + 1);
  const created = answers.find((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null)!;
  for (const a of answers)
    expect(
      a.status === 201
        ? { status: 201, id: a.body.id }
        : { status: a.status, code: a.body.code, retryAfter: a.headers.get("retry-after") },
    ).toEqual(
      a.status === 201
        ? { status: 201, id: created.body.id }
        : { status: 409, code: "idempotency_in_progress", retryAfter: "1" },
    );
});

it("answers 409 idempotency_in_progress with Retry-After while the first request with the key runs", async () => {
  await db.apiIdempotencyKey.create({
    data: {
      tokenId: writer.id,
      key: "still-running",
      fingerprint: requestFingerprint("POST", "/api/v1/tickets", createTicketSchema.parse(NEW)),
    },
  });
  const before = await ticketCount();
  const res = await create("still-running");
  expect({ status: res.status, code: res.body.code, retryAfter: res.headers.get("retry-after") }).toEqual({
    status: 409,
    code: "idempotency_in_progress",
    retryAfter: "1",
  });
  expect(await ticketCount()).toBe(before);
});

it("replays a refusal too: the first answer stands for the key, even once the request would pass", async () => {
  const newcomer = await createUser(org.id, "agent", { fullName: "New Agent" });
  await db.user.update({ where: { id: newcomer.id }, data: { isActive: false } });
  const refused = await create("assign-newcomer", { ...NEW, assignedTo: newcomer.id });
  expect(refused.status).toBe(400);
  await db.user.update({ where: { id: newcomer.id }, data: { isActive: true } });
  const again = await create("assign-newcomer", { ...NEW, assignedTo: newcomer.id });
  expect({ status: again.status, body: again.body, replayed: again.headers.get("idempotent-replayed") }).toEqual({
    status: 400,
    body: refused.body,
    replayed: "true",
  });
});

it("forgets a key after a day: the request is new again, and the cleanup deletes the old keys", async () => {
  const first = await create("daily-sync");
  await db.apiIdempotencyKey.update({
    where: { tokenId_key: { tokenId: writer.id, key: "daily-sync" } },
    data: { createdAt: new Date(Date.now() - 24 * 60 * 60_000 - 60_000) },
  });
  const later = await create("daily-sync");
  expect(later.status).toBe(201);
  expect(later.headers.get("idempotent-replayed")).toBeNull();
  expect(later.body.id).not.toBe(first.body.id);

  await create("day-old");
  await db.apiIdempotencyKey.update({
    where: { tokenId_key: { tokenId: writer.id, key: "day-old" } },
    data: { createdAt: new Date(Date.now() - 24 * 60 * 60_000 - 60_000) },
  });
  await cleanUpExpired();
  const kept = await db.apiIdempotencyKey.findMany({ where: { key: { in: ["daily-sync", "day-old"] } } });
  expect(kept.map((k) => k.key)).toEqual(["daily-sync"]);
});

it("frees the key after a server error, so a retry does the work", async () => {
  const key = { tokenId: writer.id, key: "failed-once" };
  expect(await claimIdempotencyKey(key, "request")).toEqual({ kind: "claimed" });
  await settleIdempotencyKey(key, 500, '{"error":"Internal server error","code":"internal"}');
  expect(await claimIdempotencyKey(key, "request")).toEqual({ kind: "claimed" });
  await settleIdempotencyKey(key, 201, '{"id":"t1"}');
  expect(await claimIdempotencyKey(key, "request")).toEqual({ kind: "answered", status: 201, body: '{"id":"t1"}' });
});

it.each([
  ["empty", ""],
  ["longer than 255 characters", "k".repeat(256)],
  ["not printable ASCII", "caf\u00e9"],
])("refuses a key that is %s with 400, doing nothing", async (_, key) => {
  const before = await ticketCount();
  const res = await create(key);
  expect({ status: res.status, error: res.body.error }).toEqual({
    status: 400,
    error: "Idempotency-Key must be 1 to 255 printable ASCII characters",
  });
  expect(await ticketCount()).toBe(before);
});

it("is a header of every POST in the OpenAPI document, and of no other call", async () => {
  const res = await openapi(makeRequest("/api/v1/openapi.json"), params());
  const doc = (await res.json()) as {
    paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
  };
  const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      call: `${method.toUpperCase()} ${path}`,
      key: op.parameters.some((p) => p.name === "Idempotency-Key" && p.in === "header"),
    })),
  );
  expect(calls.filter((c) => c.call.startsWith("POST ")).length).toBeGreaterThan(0);
  expect(calls).toEqual(calls.map(({ call }) => ({ call, key: call.startsWith("POST ") })));
});
