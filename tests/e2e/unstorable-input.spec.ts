import { randomUUID } from "node:crypto";
import { DEMO_PASSWORD } from "@/lib/site/demo";
import { expect, test } from "./team";

// The production server (scripts/serve.mjs) answers input the database cannot store with a 400
// in the error shape naming the field, never a 500: U+0000 in a query, a path id or a JSON
// string, a lone surrogate, a body that is not UTF-8, a malformed percent-escape.

const JSON_TYPE = { "content-type": "application/json" };
const SUBJECT = `Printer ${randomUUID().slice(0, 8)}`;

test("an end user's NUL, lone surrogate, overlong UTF-8 and broken escapes are refused by name", async ({
  request,
  team,
}) => {
  const signIn = await request.post("/api/login", { data: { email: team.customer.email, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);

  const refusals: { what: string; status: number; code: string; error: string }[] = [];
  const check = async (what: string, answer: Promise<import("@playwright/test").APIResponse>) => {
    const res = await answer;
    const body = (await res.json()) as { error: string; code: string };
    refusals.push({ what, status: res.status(), code: body.code, error: body.error });
  };
  const ticketId = "00000000-0000-7000-8000-000000000000";

  await check("q=a%00b", request.get("/api/tickets?q=a%00b"));
  await check("q=%C0%80", request.get("/api/tickets?q=%C0%80"));
  await check("q=%", request.get("/api/tickets?q=100%"));
  await check("id with %00", request.get(`/api/tickets/detail/${ticketId}%00`));
  await check("id %C0%80", request.get("/api/tickets/detail/%C0%80"));
  await check("id %E0%80", request.get("/api/tickets/detail/%E0%80"));
  await check("id %", request.get("/api/tickets/detail/%"));
  await check("description NUL", request.post("/api/tickets", { data: { subject: SUBJECT, description: "a\u0000b" } }));
  await check(
    "description lone surrogate",
    request.post("/api/tickets", { headers: JSON_TYPE, data: `{"subject":"${SUBJECT}","description":"a\\ud800b"}` }),
  );
  await check(
    "overlong UTF-8",
    request.post("/api/tickets", {
      headers: JSON_TYPE,
      data: Buffer.concat([
        Buffer.from(`{"subject":"${SUBJECT}","description":"a`),
        Buffer.from([0xc0, 0x80]),
        Buffer.from('"}'),
      ]),
    }),
  );

  const validation = (field: string) => ({
    status: 400,
    code: "validation_failed",
    error: expect.stringContaining(`"${field}"`) as unknown as string,
  });
  const malformed = { status: 400, code: "bad_request", error: expect.any(String) as unknown as string };
  expect(refusals).toEqual([
    { what: "q=a%00b", ...validation("q") },
    { what: "q=%C0%80", ...validation("q") },
    { what: "q=%", ...validation("q") },
    { what: "id with %00", ...validation("id") },
    { what: "id %C0%80", ...malformed },
    { what: "id %E0%80", ...malformed },
    { what: "id %", ...malformed },
    { what: "description NUL", ...validation("description") },
    { what: "description lone surrogate", ...validation("description") },
    { what: "overlong UTF-8", ...malformed, error: "Request body is not valid UTF-8" },
  ]);

  // Nothing was stored on the way, and the same ticket without those characters is taken.
  const created = await request.post("/api/tickets", { data: { subject: SUBJECT, description: "ab" } });
  expect(created.status()).toBe(201);
  const list = (await (await request.get(`/api/tickets?q=${encodeURIComponent(SUBJECT)}`)).json()) as {
    subject: string;
  }[];
  expect(list.filter((t) => t.subject === SUBJECT)).toHaveLength(1);
});
