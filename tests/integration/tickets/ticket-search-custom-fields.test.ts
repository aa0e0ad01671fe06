// An agent who types an order number in the search box finds its ticket: staff searches match
// the values of custom fields (text, long text, number, decimal as written, date, a dropdown's
// option and each option of a multi-select, not checkboxes) by the search's own rule, a
// case-insensitive substring. A customer never finds a ticket by a field hidden from customers,
// whenever it was hidden (they could learn its value by searching), and no search reaches
// another organisation's values.
import { DELETE as deleteField, PATCH as updateField } from "@/app/api/fields/[id]/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import type { Prisma } from "@/generated/prisma/client";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { listTickets } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };
type Row = { ticketNumber: number };

/** The ticket numbers a search finds, in number order. */
async function found(user: User, q: string, sort = "created") {
  const page = await listTickets<Row>(user, `?q=${encodeURIComponent(q)}&sort=${sort}&limit=100`);
  expect(page.status).toBe(200);
  return page.body.map((t) => t.ticketNumber);
}
const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);

let world: TwoTenants;
const fieldIds = new Map<string, string>();

async function ticket(organizationId: string, n: number, customFields: Prisma.InputJsonObject, email = "c@x.test") {
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: n,
      subject: `Question ${n}`,
      description: "Please help",
      customerName: "Casey",
      customerEmail: email,
      customFields,
      createdAt: new Date(Date.now() - (100 - n) * 60_000),
    },
    select: { id: true },
  });
}

beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  const fields: Omit<Prisma.CustomFieldUncheckedCreateInput, "organizationId" | "position">[] = [
    { key: "order_number", label: "Order number", type: "text" },
    { key: "notes", label: "Notes", type: "long_text" },
    { key: "quantity", label: "Quantity", type: "number" },
    { key: "amount", label: "Amount", type: "decimal" },
    { key: "delivery", label: "Delivery", type: "date" },
    { key: "plan", label: "Plan", type: "dropdown", options: ["Basic", "Enterprise"], customerVisible: true },
    { key: "channels", label: "Channels", type: "multi_select", options: ["Carrier pigeon", "Semaphore"] },
    { key: "refund", label: "Refund approved", type: "checkbox" },
  ];
  for (const [position, field] of fields.entries()) {
    const { id } = await db.customField.create({ data: { organizationId, position, ...field } });
    fieldIds.set(field.key, id);
  }
  const customer = world.users.end_user.email;
  await ticket(organizationId, 1, { order_number: "ORD-58213", refund: true }, customer);
  await ticket(organizationId, 2, { notes: "Left at the loading dock\nby the night shift" });
  await ticket(organizationId, 3, { quantity: 4711, amount: 12.75 });
  await ticket(organizationId, 4, { delivery: "2026-03-14" });
  await ticket(organizationId, 5, { plan: "Enterprise", channels: ["Carrier pigeon", "Semaphore"] }, customer);
  // The subject says "enterprise" itself: best match first puts it before the field's hits.
  await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: 6,
      subject: "Enterprise invoice",
      description: "Please help",
      customerName: "Casey",
      customerEmail: "c@x.test",
      createdAt: new Date(Date.now() - 99 * 60_000),
    },
  });
  // Another organisation holds the same values: no search of this one reaches them.
  await db.customField.create({
    data: { organizationId: world.other.id, position: 0, key: "order_number", label: "Order number", type: "text" },
  });
  await ticket(world.other.id, 1, { order_number: "ORD-58213" });
});
afterAll(() => listener.stop());

describe("staff search custom field values", () => {
  it.each([
    ["a text value", "ORD-58213", [1]],
    ["part of a text value in another case", "ord-582", [1]],
    ["a long text value across its words", "LOADING DOCK", [2]],
    ["the second line of a long text value", "night shift", [2]],
    ["a number", "4711", [3]],
    ["a decimal as written", "12.75", [3]],
    ["a date written YYYY-MM-DD", "2026-03-14", [4]],
    ["a dropdown's option", "enterpr", [5, 6]],
    ["one option of a multi-select", "pigeon", [5]],
    ["another option of a multi-select", "SEMAPHORE", [5]],
  ])("finds %s (%s)", async (_type, q, numbers) => {
    expect(sorted(await found(world.users.agent, q))).toEqual(numbers);
  });

  it("never finds a checkbox by its value, nor a term across two values", async () => {
    expect(await found(world.users.agent, "true")).toEqual([]);
    expect(await found(world.users.agent, "4711 12.75")).toEqual([]);
    expect(await found(world.users.agent, "Carrier pigeon, Semaphore")).toEqual([]);
  });

  it("best match first puts a hit in a subject before hits only in a field value", async () => {
    expect(await found(world.users.agent, "enterprise", "relevance")).toEqual([6, 5]);
  });

  it("never reaches another organisation's values, from either side", async () => {
    expect(await found(world.users.agent, "ORD-58213")).toEqual([1]);
    expect(await found(world.users.otherAdmin, "ORD-58213")).toEqual([1]);
    expect(await found(world.users.otherAdmin, "4711")).toEqual([]);
    expect(await found(world.users.otherAdmin, "semaphore")).toEqual([]);
  });

  it("finds a changed value by its new text only", async () => {
    const { id } = await db.ticket.findFirstOrThrow({
      where: { organizationId: world.org.id, ticketNumber: 3 },
      select: { id: true },
    });
    const res = await update(
      makeRequest(`/api/tickets/${id}`, {
        method: "PUT",
        body: { customFields: { quantity: 1066, amount: null } },
        headers: { cookie: await sessionCookie(world.users.agent) },
      }),
      params({ id }),
    );
    expect(res.status).toBe(200);
    expect(await found(world.users.agent, "4711")).toEqual([]);
    expect(await found(world.users.agent, "12.75")).toEqual([]);
    expect(await found(world.users.agent, "1066")).toEqual([3]);
  });
});

describe("a customer's search", () => {
  const customer = () => world.users.end_user;
  const setVisible = (key: string, customerVisible: boolean) =>
    db.customField.update({ where: { id: fieldIds.get(key)! }, data: { customerVisible } });

  it("finds their ticket by a field shown to customers, never by a hidden one", async () => {
    expect(await found(customer(), "enterprise")).toEqual([5]);
    expect(await found(customer(), "semaphore")).toEqual([]);
    expect(await found(customer(), "ORD-58213")).toEqual([]);
    expect(await found(customer(), "ord-58213", "relevance")).toEqual([]);
    // Their own ticket's other fields still find it.
    expect(await found(customer(), "question 1")).toEqual([1]);
  });

  it("follows the field's visibility as it changes after the values were written", async () => {
    const admin = { cookie: await sessionCookie(world.users.org_admin) };
    const patch = async (key: string, customerVisible: boolean) => {
      const id = fieldIds.get(key)!;
      const res = await updateField(
        makeRequest(`/api/fields/${id}`, { method: "PATCH", body: { customerVisible }, headers: admin }),
        params({ id }),
      );
      expect(res.status).toBe(200);
    };
    await patch("order_number", true);
    expect(await found(customer(), "ORD-58213")).toEqual([1]);
    await patch("order_number", false);
    await patch("plan", false);
    expect(await found(customer(), "ORD-58213")).toEqual([]);
    expect(await found(customer(), "enterprise")).toEqual([]);
    expect(await found(customer(), "enterprise", "relevance")).toEqual([]);
    await setVisible("plan", true);
  });

  it("never finds a ticket by a deleted field's value, nor do staff", async () => {
    await setVisible("channels", true);
    expect(await found(customer(), "pigeon")).toEqual([5]);
    const id = fieldIds.get("channels")!;
    const res = await deleteField(
      makeRequest(`/api/fields/${id}`, {
        method: "DELETE",
        headers: { cookie: await sessionCookie(world.users.org_admin) },
      }),
      params({ id }),
    );
    expect(res.status).toBeLessThan(300);
    expect(await found(customer(), "pigeon")).toEqual([]);
    expect(await found(world.users.agent, "pigeon")).toEqual([]);
  });
});
