import { PATCH as bulk } from "@/app/api/tickets/bulk/route";
import { POST as reply } from "@/app/api/replies/route";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// A required field stops a ticket being resolved or closed whichever way the status moves: a
// bulk change (400 naming the ticket and the field, no ticket changed), a reply sent with a
// status, and a macro that resolves (nothing sent, nothing changed).

type User = { id: string; sessionVersion: number };
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
let filled: { id: string; ticketNumber: number };
let empty: { id: string; ticketNumber: number };
let macroId: string;

beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  await db.customField.create({
    data: { organizationId, key: "order_number", label: "Order number", type: "text", position: 0, required: true },
  });
  const ticket = (n: number, customFields: object) =>
    db.ticket.create({
      data: {
        organizationId,
        ticketNumber: n,
        subject: `T${n}`,
        description: "d",
        customerName: "C",
        customerEmail: "c@x.test",
        customFields,
      },
      select: { id: true, ticketNumber: true },
    });
  filled = await ticket(1, { order_number: "A-1" });
  empty = await ticket(2, {});
  macroId = (
    await db.macro.create({
      data: { organizationId, name: "Solve", nameKey: "solve", body: "Done, thanks", status: "resolved" },
    })
  ).id;
});
afterAll(() => listener.stop());

const statusOf = async (id: string) => (await db.ticket.findUniqueOrThrow({ where: { id } })).status;
const repliesOf = (ticketId: string) => db.reply.count({ where: { ticketId } });

async function bulkChange(body: unknown) {
  return readJson(
    await bulk(
      makeRequest("/api/tickets/bulk", { method: "PATCH", body, headers: await cookie(world.users.agent) }),
      params(),
    ),
  );
}
async function send(body: unknown) {
  return readJson(
    await reply(
      makeRequest("/api/replies", { method: "POST", body, headers: await cookie(world.users.agent) }),
      params(),
    ),
  );
}

it("a bulk change to resolved is refused naming the ticket and the field, and changes no ticket", async () => {
  const res = await bulkChange({ ids: [filled.id, empty.id], status: "resolved" });
  expect(res.status).toBe(400);
  expect((res.body as { error: string }).error).toBe(
    `Ticket #${empty.ticketNumber}: Order number is required before the ticket can be resolved or closed`,
  );
  expect([await statusOf(filled.id), await statusOf(empty.id)]).toEqual(["open", "open"]);
  const other = await bulkChange({ ids: [filled.id, empty.id], priority: "high" });
  expect(other.status).toBe(200);
  const ok = await bulkChange({ ids: [filled.id], status: "closed" });
  expect(ok.status).toBe(200);
  expect(await statusOf(filled.id)).toBe("closed");
});

it("a reply sent with Resolved, or a macro that resolves, is refused while the field is empty", async () => {
  const before = await repliesOf(empty.id);
  const withStatus = await send({ ticketId: empty.id, content: "Fixed", status: "resolved" });
  expect(withStatus.status).toBe(400);
  expect((withStatus.body as { error: string }).error).toContain("Order number is required");
  const withMacro = await send({ ticketId: empty.id, content: "Done, thanks", macroId });
  expect(withMacro.status).toBe(400);
  expect(await repliesOf(empty.id)).toBe(before);
  expect(await statusOf(empty.id)).toBe("open");
  const pending = await send({ ticketId: empty.id, content: "Waiting on you", status: "pending" });
  expect(pending.status).toBe(201);
  await db.ticket.update({ where: { id: empty.id }, data: { customFields: { order_number: "B-2" } } });
  const resolved = await send({ ticketId: empty.id, content: "Done, thanks", macroId });
  expect(resolved.status).toBe(201);
  expect(await statusOf(empty.id)).toBe("resolved");
});
