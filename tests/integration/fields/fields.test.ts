import { DELETE as remove, PATCH as patch } from "@/app/api/fields/[id]/route";
import { GET as list, POST as create } from "@/app/api/fields/route";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// Settings > Fields: admins of Pro and Enterprise organisations define the fields their
// tickets carry; staff read them to fill them in; another organisation's field is a 404.

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});
beforeEach(async () => {
  await db.customField.deleteMany({});
});

async function post(user: User, body: unknown) {
  return readJson(
    await create(makeRequest("/api/fields", { method: "POST", body, headers: await headers(user) }), params()),
  );
}
async function change(user: User, id: string, body: unknown) {
  return readJson(
    await patch(
      makeRequest(`/api/fields/${id}`, { method: "PATCH", body, headers: await headers(user) }),
      params({ id }),
    ),
  );
}
async function fieldsOf(user: User) {
  return readJson(await list(makeRequest("/api/fields", { headers: await headers(user) }), params()));
}
const admin = () => world.users.org_admin;

describe("POST /api/fields", () => {
  it("an admin adds each type of field, last in the list, and the activity log says so", async () => {
    const types = ["text", "long_text", "number", "decimal", "date", "checkbox", "dropdown", "multi_select"];
    for (const [i, type] of types.entries()) {
      const options = type === "dropdown" || type === "multi_select" ? ["Basic", "Pro"] : undefined;
      const res = await post(admin(), { key: `f_${type}`, label: `Field ${i}`, type, options, required: i === 0 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        key: `f_${type}`,
        type,
        position: i,
        options: options ?? [],
        required: i === 0,
      });
    }
    const { body } = await fieldsOf(world.users.agent);
    expect((body.fields as { key: string }[]).map((f) => f.key)).toEqual(types.map((t) => `f_${t}`));
    expect(body).toMatchObject({ available: true, limit: 50 });
    const events = await db.auditEvent.count({ where: { organizationId: world.org.id, action: "field.created" } });
    expect(events).toBeGreaterThanOrEqual(types.length);
  });

  it.each([
    [{ key: "Order", label: "Order", type: "text" }, /^Key must start with a lowercase letter/],
    [{ key: "order", label: "", type: "text" }, /Please give the field a label/],
    [{ key: "order", label: "Order", type: "money" }, /Unknown field type/],
    [{ key: "plan", label: "Plan", type: "dropdown" }, /needs at least one option/],
    [{ key: "plan", label: "Plan", type: "dropdown", options: ["a", "A"] }, /listed twice/],
    [{ key: "plan", label: "Plan", type: "text", customerEditable: true }, /must be visible to them/],
  ])("refuses %j with a 400", async (input, message) => {
    const res = await post(admin(), input);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it("a key is the organisation's once (409), and another organisation may use it", async () => {
    expect((await post(admin(), { key: "order_number", label: "Order number", type: "text" })).status).toBe(201);
    const again = await post(admin(), { key: "order_number", label: "Order no.", type: "number" });
    expect(again).toMatchObject({ status: 409, body: { error: 'A field with the key "order_number" already exists' } });
    const elsewhere = await post(world.users.otherAdmin, { key: "order_number", label: "Order", type: "text" });
    expect(elsewhere.status).toBe(201);
  });

  it("an organisation keeps at most 50 fields", async () => {
    await db.customField.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({
        organizationId: world.org.id,
        key: `k${i}`,
        label: `K${i}`,
        type: "text" as const,
        position: i,
      })),
    });
    const res = await post(admin(), { key: "one_more", label: "One more", type: "text" });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/at most 50 custom fields/);
  });

  it("agents and customers may not add fields", async () => {
    expect((await post(world.users.agent, { key: "a", label: "A", type: "text" })).status).toBe(403);
    expect((await post(world.users.end_user, { key: "a", label: "A", type: "text" })).status).toBe(403);
  });

  it.each(["free", "starter"] as const)("a %s organisation is told fields need Pro", async (plan) => {
    const org = await createOrg(plan);
    const lowAdmin = await createUser(org.id, "org_admin");
    const res = await post(lowAdmin, { key: "order", label: "Order", type: "text" });
    expect(res).toMatchObject({
      status: 403,
      body: { error: expect.stringMatching(/Custom fields are part of the Pro plan/) },
    });
    expect((await fieldsOf(lowAdmin)).body).toMatchObject({ fields: [], available: false });
  });

  it("an Enterprise organisation may add fields", async () => {
    const org = await createOrg("enterprise");
    const bigAdmin = await createUser(org.id, "org_admin");
    expect((await post(bigAdmin, { key: "order", label: "Order", type: "text" })).status).toBe(201);
  });
});

describe("PATCH /api/fields/{id}", () => {
  it("changes label, help, options and flags; the key and type stay", async () => {
    const { body: field } = await post(admin(), {
      key: "plan",
      label: "Plan",
      type: "dropdown",
      options: ["Basic", "Pro"],
    });
    const id = field.id as string;
    const res = await change(admin(), id, {
      label: "Customer plan",
      helpText: "From the billing system",
      options: ["Pro", "Enterprise"],
      required: true,
      customerVisible: true,
      customerEditable: true,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { key: "plan", type: "dropdown", label: "Customer plan", options: ["Pro", "Enterprise"], required: true },
    });
    expect((await change(admin(), id, { key: "tier" })).body.error).toBe("A field's key cannot change");
    expect((await change(admin(), id, { type: "text" })).body.error).toBe("A field's type cannot change");
    expect((await change(admin(), id, { key: "plan", type: "dropdown" })).status).toBe(200);
    expect((await change(admin(), id, { options: [] })).status).toBe(400);
    // Hiding it from customers also stops them filling it in.
    expect((await change(admin(), id, { customerVisible: false })).body).toMatchObject({
      customerVisible: false,
      customerEditable: false,
    });
  });

  it("a text field takes no options", async () => {
    const { body } = await post(admin(), { key: "order", label: "Order", type: "text" });
    expect((await change(admin(), body.id as string, { options: ["a"] })).status).toBe(400);
  });

  it("moves a field to a new place, the others keeping their order", async () => {
    const ids: string[] = [];
    for (const key of ["a", "b", "c", "d"])
      ids.push((await post(admin(), { key, label: key.toUpperCase(), type: "text" })).body.id as string);
    expect((await change(admin(), ids[3]!, { position: 0 })).body.position).toBe(0);
    expect((await change(admin(), ids[0]!, { position: 49 })).body.position).toBe(3);
    const { body } = await fieldsOf(admin());
    expect((body.fields as { key: string; position: number }[]).map((f) => [f.key, f.position])).toEqual([
      ["d", 0],
      ["b", 1],
      ["c", 2],
      ["a", 3],
    ]);
  });

  it("another organisation's field is a 404, agents get 403", async () => {
    const { body } = await post(world.users.otherAdmin, { key: "theirs", label: "Theirs", type: "text" });
    expect((await change(admin(), body.id as string, { label: "Mine" })).status).toBe(404);
    const { body: mine } = await post(admin(), { key: "mine", label: "Mine", type: "text" });
    expect((await change(world.users.agent, mine.id as string, { label: "X" })).status).toBe(403);
  });
});

describe("DELETE /api/fields/{id}", () => {
  it("deletes a field and takes its values off the tickets; the others close up", async () => {
    const a = (await post(admin(), { key: "order", label: "Order", type: "text" })).body.id as string;
    await post(admin(), { key: "plan", label: "Plan", type: "dropdown", options: ["Pro"] });
    const ticket = await db.ticket.create({
      data: {
        organizationId: world.org.id,
        ticketNumber: 9001,
        subject: "s",
        description: "d",
        customerName: "c",
        customerEmail: "c@x.test",
        customFields: { order: "1234", plan: "Pro" },
      },
    });
    const res = await remove(
      makeRequest(`/api/fields/${a}`, { method: "DELETE", headers: await headers(admin()) }),
      params({ id: a }),
    );
    expect(res.status).toBe(200);
    const after = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(after.customFields).toEqual({ plan: "Pro" });
    const { body } = await fieldsOf(admin());
    expect(body.fields).toEqual([expect.objectContaining({ key: "plan", position: 0 })]);
    // The key is free again, and the new field starts empty on every ticket.
    expect((await post(admin(), { key: "order", label: "Order", type: "number" })).status).toBe(201);
  });

  it("another organisation's field is a 404 and stays", async () => {
    const { body } = await post(world.users.otherAdmin, { key: "theirs", label: "Theirs", type: "text" });
    const id = body.id as string;
    const res = await remove(
      makeRequest(`/api/fields/${id}`, { method: "DELETE", headers: await headers(admin()) }),
      params({ id }),
    );
    expect(res.status).toBe(404);
    expect(await db.customField.count({ where: { id } })).toBe(1);
  });
});
