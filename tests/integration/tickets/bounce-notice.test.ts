import { DELETE as clear } from "@/app/api/tickets/[id]/bounce-notice/route";
import { GET as mail } from "@/app/api/tickets/[id]/mail/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { db } from "@/lib/server/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { cookieOf, setUpWorld, type Actor, type World } from "../security/world";

// DELETE /api/tickets/{id}/bounce-notice: staff clear the notice that mail to a ticket's customer
// bounced; it goes from every ticket of that customer and the ticket's history says who cleared it.

let world: World;
setUpWorld((w) => (world = w));

type Handler = (req: ReturnType<typeof makeRequest>, ctx: ReturnType<typeof params>) => Promise<Response>;

async function call(handler: Handler, actor: Actor, id: string, part: string, method = "GET") {
  const path = `/api/tickets/${encodeURIComponent(id)}/${part}`;
  return readJson(await handler(makeRequest(path, { method, headers: await cookieOf(world, actor) }), params({ id })));
}
const clearAs = (actor: Actor, id: string) => call(clear, actor, id, "bounce-notice", "DELETE");
const mailOf = (id: string) => call(mail, "agent", id, "mail");

async function bounced(email = world.a.ticket.customerEmail, organizationId = world.a.org.id) {
  await db.mailAddressFailure.upsert({
    where: { organizationId_email: { organizationId, email } },
    create: { organizationId, email, code: "550" },
    update: { code: "550" },
  });
}
const failureOf = (email = world.a.ticket.customerEmail, organizationId = world.a.org.id) =>
  db.mailAddressFailure.findUnique({ where: { organizationId_email: { organizationId, email } } });
const clearedEvents = () =>
  db.auditEvent.findMany({ where: { ticketId: world.a.ticket.id, action: "ticket.mail_bounce_cleared" } });

beforeEach(() => db.mailAddressFailure.deleteMany());

describe("clearing a ticket's bounce notice", () => {
  it("shows the notice with its status code until an agent clears it, recorded in the history", async () => {
    await bounced();
    const id = world.a.ticket.id;
    expect((await mailOf(id)).body.customerAddressFailing).toEqual({
      code: "550",
      failedAt: expect.any(String),
    });

    const before = (await clearedEvents()).length;
    expect(await clearAs("agent", id)).toEqual({ status: 200, body: { ok: true } });
    expect(await failureOf()).toBeNull();
    expect((await mailOf(id)).body.customerAddressFailing).toBeNull();
    const events = await clearedEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({
      actorId: world.a.users.agent.id,
      metadata: { email: world.a.ticket.customerEmail },
    });
    const { body } = await call(history, "agent", id, "history");
    expect(JSON.stringify(body)).toContain("ticket.mail_bounce_cleared");
  });

  it("changes nothing, and records nothing, when there is no notice", async () => {
    const before = (await clearedEvents()).length;
    expect(await clearAs("org_admin", world.a.ticket.id)).toEqual({ status: 200, body: { ok: true } });
    expect(await clearedEvents()).toHaveLength(before);
  });

  it.each(["org_admin", "platform_admin"] as const)("is open to the %s too", async (actor) => {
    await bounced();
    expect((await clearAs(actor, world.a.ticket.id)).status).toBe(200);
    expect(await failureOf()).toBeNull();
  });

  it("refuses a customer (403) and a visitor (401), and keeps the notice", async () => {
    await bounced();
    expect((await clearAs("end_user", world.a.ticket.id)).status).toBe(403);
    expect((await clearAs("anonymous", world.a.ticket.id)).status).toBe(401);
    expect(await failureOf()).not.toBeNull();
  });

  it("answers 404 for another tenant's ticket and an unknown id, and clears nothing there", async () => {
    await bounced(world.b.ticket.customerEmail, world.b.org.id);
    expect((await clearAs("agent", world.b.ticket.id)).status).toBe(404);
    expect((await clearAs("agent", "no-such-ticket")).status).toBe(404);
    expect((await clearAs("agent", "00000000-0000-7000-8000-000000000000")).status).toBe(404);
    expect(await failureOf(world.b.ticket.customerEmail, world.b.org.id)).not.toBeNull();
  });
});
