import { randomUUID } from "node:crypto";
import { setPlanOf } from "./db";
import { signInAs } from "./helpers";
import { expect, test } from "./team";

// The public API's writes on the production server: a token with tickets:write opens a ticket
// with an Idempotency-Key sent by several calls at once (one ticket, the same answer replayed),
// changes it, answers the customer as the team and reads the conversation back.

test("a token opens one ticket for calls sent at once with one Idempotency-Key, changes it and answers the customer", async ({
  page,
  playwright,
  team,
}) => {
  await setPlanOf(team.admin.email, "enterprise");
  await signInAs(page, team.admin.email);
  const created = await page.request.post("/api/api-tokens", {
    data: { name: "CRM sync", scopes: ["tickets:read", "tickets:write"], expiresAt: null },
  });
  expect(created.status()).toBe(201);
  const authorization = `Bearer ${((await created.json()) as { token: string }).token}`;
  const program = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const call = async (method: "GET" | "POST" | "PATCH", path: string, data?: object, key?: string) => {
    const res = await program.fetch(path, {
      method,
      data,
      headers: { authorization, ...(key ? { "idempotency-key": key } : {}) },
    });
    return { status: res.status(), headers: res.headers(), body: await res.json() };
  };

  const subject = `Refund ${randomUUID()}`;
  const ticket = { subject, description: "Charged twice", customerEmail: "dana@example.com", priority: "high" };
  const key = `crm-${randomUUID()}`;
  const answers = await Promise.all(Array.from({ length: 4 }, () => call("POST", "/api/v1/tickets", ticket, key)));
  for (const a of answers)
    expect(
      a.status === 201 ? 201 : { status: a.status, code: a.body.code, retryAfter: a.headers["retry-after"] },
    ).toEqual(a.status === 201 ? 201 : { status: 409, code: "idempotency_in_progress", retryAfter: "1" });
  const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id as string));
  expect(ids.size).toBe(1);
  const [id] = [...ids];

  const retried = await call("POST", "/api/v1/tickets", ticket, key);
  expect({ status: retried.status, id: retried.body.id, replayed: retried.headers["idempotent-replayed"] }).toEqual({
    status: 201,
    id,
    replayed: "true",
  });
  const listed = await call("GET", `/api/v1/tickets?q=${encodeURIComponent(subject)}`);
  expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([id]);
  const reused = await call("POST", "/api/v1/tickets", { ...ticket, priority: "low" }, key);
  expect({ status: reused.status, code: reused.body.code }).toEqual({ status: 422, code: "idempotency_key_reused" });

  const changed = await call("PATCH", `/api/v1/tickets/${id}`, { status: "pending", addTags: ["refund"] });
  expect(changed).toMatchObject({ status: 200, body: { status: "pending", tags: expect.arrayContaining(["refund"]) } });

  const reply = await call("POST", `/api/v1/tickets/${id}/replies`, { content: "The second charge is refunded." });
  expect(reply).toMatchObject({ status: 201, body: { type: "public", authorName: "Support" } });
  const thread = await call("GET", `/api/v1/tickets/${id}/replies`);
  expect(thread.body).toMatchObject({
    data: [{ id: reply.body.id, content: "The second charge is refunded.", type: "public" }],
    next_cursor: null,
  });
  await program.dispose();
});
