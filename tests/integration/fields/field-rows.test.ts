import { DELETE as deleteField } from "@/app/api/fields/[id]/route";
import { PATCH as bulk } from "@/app/api/tickets/bulk/route";
import { POST as merge } from "@/app/api/tickets/[id]/merge/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { POST as create } from "@/app/api/tickets/route";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// The TicketFieldValue rows the list's field filters and sorts read are written by a trigger on
// Ticket alone, in the same transaction as the change: after every way a ticket's values or times
// change (created with values, a value set, changed or cleared, a multi-select's options, a field
// deleted, a bulk change, a merge) the rows are exactly the ticket's values with its times.

type User = { id: string; sessionVersion: number };
const headers = async (user: User = world.users.agent) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
const fieldIds: Record<string, string> = {};
beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  for (const [position, field] of [
    { key: "ref", label: "Reference", type: "text" as const },
    { key: "seats", label: "Seats", type: "number" as const },
    { key: "areas", label: "Areas", type: "multi_select" as const, options: ["Billing", "API", "Mobile"] },
    { key: "notes", label: "Notes", type: "long_text" as const },
  ].entries()) {
    const made = await db.customField.create({ data: { organizationId, position, ...field } });
    fieldIds[field.key] = made.id;
  }
});
afterAll(() => listener.stop());

type Row = { ticketId: string; key: string; value: unknown; ticketCreatedAt: Date; ticketUpdatedAt: Date };

/** The organisation's rows as stored, and as its tickets' values say they must be. */
async function rowsOf(organizationId = world.org.id) {
  const order = `ORDER BY "ticketId", "key", "value"`;
  const stored = await db.$queryRawUnsafe<Row[]>(
    `SELECT "ticketId", "key", "value", "ticketCreatedAt", "ticketUpdatedAt" FROM "TicketFieldValue"
     WHERE "organizationId" = $1 ${order}`,
    organizationId,
  );
  const expected = await db.$queryRawUnsafe<Row[]>(
    `SELECT "ticketId", "key", "value", "ticketCreatedAt", "ticketUpdatedAt" FROM (
       SELECT t."id" AS "ticketId", r."key", r."value", t."createdAt" AS "ticketCreatedAt", t."updatedAt" AS "ticketUpdatedAt"
       FROM "Ticket" t CROSS JOIN LATERAL "ticket_field_rows"(t."customFields") AS r WHERE t."organizationId" = $1) AS x
     ${order}`,
    organizationId,
  );
  return { stored, expected };
}
async function expectRowsInStep() {
  const { stored, expected } = await rowsOf();
  expect(stored).toEqual(expected);
  return stored;
}

async function newTicket(customFields: Record<string, unknown>) {
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Rows", description: "Kept in step", customerEmail: "casey@x.test", customFields },
      headers: await headers(),
    }),
    params(),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
async function put(id: string, body: unknown) {
  const res = await update(
    makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: await headers() }),
    params({ id }),
  );
  expect(res.status).toBe(200);
}
const valuesOfTicket = async (id: string) =>
  (await expectRowsInStep()).filter((r) => r.ticketId === id).map((r) => [r.key, r.value]);

it("writes a row per value (a multi-select's per option) with the new ticket", async () => {
  const id = await newTicket({ ref: "R-1", seats: 12, areas: ["API", "Billing"] });
  expect(await valuesOfTicket(id)).toEqual([
    ["areas", "API"],
    ["areas", "Billing"],
    ["ref", "R-1"],
    ["seats", 12],
  ]);
});

it("follows a value set, changed and cleared, and the ticket's last activity", async () => {
  const id = await newTicket({});
  expect(await valuesOfTicket(id)).toEqual([]);
  await put(id, { customFields: { ref: "R-2", areas: ["Mobile"] } });
  expect(await valuesOfTicket(id)).toEqual([
    ["areas", "Mobile"],
    ["ref", "R-2"],
  ]);
  await put(id, { customFields: { ref: "R-3", areas: ["Billing", "Mobile"], seats: 4 } });
  expect(await valuesOfTicket(id)).toEqual([
    ["areas", "Billing"],
    ["areas", "Mobile"],
    ["ref", "R-3"],
    ["seats", 4],
  ]);
  await put(id, { customFields: { ref: null, areas: null } });
  expect(await valuesOfTicket(id)).toEqual([["seats", 4]]);
  // A change that touches no value still moves the rows' copy of the ticket's last activity.
  const before = (await db.ticket.findUniqueOrThrow({ where: { id } })).updatedAt;
  await put(id, { priority: "urgent" });
  const rows = (await expectRowsInStep()).filter((r) => r.ticketId === id);
  expect(rows[0]!.ticketUpdatedAt.getTime()).toBeGreaterThan(before.getTime());
});

it("keeps a long text's row short and the whole value on the ticket", async () => {
  const notes = "n".repeat(600);
  const id = await newTicket({ notes });
  expect(await valuesOfTicket(id)).toEqual([["notes", "n".repeat(255)]]);
  expect((await db.ticket.findUniqueOrThrow({ where: { id } })).customFields).toEqual({ notes });
});

it("follows a bulk change and a merge (the merged tickets closed, their times moved)", async () => {
  const a = await newTicket({ ref: "M-1" });
  const b = await newTicket({ ref: "M-2", seats: 1 });
  const c = await newTicket({ seats: 2 });
  const res = await bulk(
    makeRequest("/api/tickets/bulk", {
      method: "PATCH",
      body: { ids: [a, b], status: "pending" },
      headers: await headers(),
    }),
    params(),
  );
  expect(res.status).toBe(200);
  await expectRowsInStep();
  const merged = await merge(
    makeRequest(`/api/tickets/${c}/merge`, { method: "POST", body: { ticketIds: [a, b] }, headers: await headers() }),
    params({ id: c }),
  );
  expect(merged.status).toBe(200);
  await expectRowsInStep();
});

it("drops a deleted field's rows with its values, and a removed ticket's rows with it", async () => {
  const id = await newTicket({ ref: "D-1", seats: 3 });
  const res = await deleteField(
    makeRequest(`/api/fields/${fieldIds.seats}`, { method: "DELETE", headers: await headers(world.users.org_admin) }),
    params({ id: fieldIds.seats! }),
  );
  expect(res.status).toBe(200);
  expect((await expectRowsInStep()).filter((r) => r.key === "seats")).toEqual([]);
  expect(await valuesOfTicket(id)).toEqual([["ref", "D-1"]]);
  await db.ticket.delete({ where: { id } });
  expect((await expectRowsInStep()).filter((r) => r.ticketId === id)).toEqual([]);
});

it("keeps another organisation's rows to itself", async () => {
  const other = await db.ticket.create({
    data: {
      organizationId: world.other.id,
      ticketNumber: 1,
      subject: "Other",
      description: "d",
      customerName: "O",
      customerEmail: "o@x.test",
      customFields: { ref: "R-1" },
    },
  });
  const { stored, expected } = await rowsOf(world.other.id);
  expect(stored).toEqual(expected);
  expect(stored.map((r) => r.ticketId)).toEqual([other.id]);
  expect((await expectRowsInStep()).some((r) => r.ticketId === other.id)).toBe(false);
});
