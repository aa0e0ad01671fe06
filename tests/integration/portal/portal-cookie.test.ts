import { GET as events } from "@/app/api/events/route";
import { GET as download } from "@/app/api/attachments/[id]/route";
import { POST as logout } from "@/app/api/portal/logout/route";
import { GET as sessionOf } from "@/app/api/portal/session/route";
import { GET as detail } from "@/app/api/portal/tickets/[id]/route";
import { GET as listTickets, POST as createTicket } from "@/app/api/portal/tickets/route";
import { GET as readReplies } from "@/app/api/replies/[ticketId]/route";
import { POST as postReply } from "@/app/api/replies/route";
import { hashToken } from "@/lib/auth/tokens";
import { file, save, ticketFor } from "../attachments/attachments-helpers";
import { sessionCookie, twoTenants } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { mailsTo, portalAuth, signIn } from "./portal-helpers";

/**
 * The portal session cookie: every portal route takes it (with the header naming the portal),
 * and only the live session of that very portal opens anything.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let world: Awaited<ReturnType<typeof twoTenants>>;
const CUSTOMER = "robin.cookie@shop.test";
type Auth = Record<string, string>;
type Ticket = Awaited<ReturnType<typeof ticketFor>>;

const routes = {
  session: (h: Auth) => sessionOf(makeRequest("/api/portal/session", { headers: h }), params()),
  list: (h: Auth) => listTickets(makeRequest("/api/portal/tickets", { headers: h }), params()),
  create: (h: Auth) =>
    createTicket(
      makeRequest("/api/portal/tickets", { method: "POST", headers: h, body: { subject: "s", description: "d" } }),
      params(),
    ),
  byId: (h: Auth, t: Ticket) =>
    detail(makeRequest(`/api/portal/tickets/${t.id}`, { headers: h }), params({ id: t.id })),
  byNumber: (h: Auth, t: Ticket) =>
    detail(
      makeRequest(`/api/portal/tickets/${t.ticketNumber}`, { headers: h }),
      params({ id: String(t.ticketNumber) }),
    ),
  replies: (h: Auth, t: Ticket) =>
    readReplies(makeRequest(`/api/replies/${t.id}`, { headers: h }), params({ ticketId: t.id })),
  reply: (h: Auth, t: Ticket) =>
    postReply(
      makeRequest("/api/replies", { method: "POST", headers: h, body: { ticketId: t.id, content: "From the cookie" } }),
      params(),
    ),
  file: (h: Auth, id: string) => download(makeRequest(`/api/attachments/${id}`, { headers: h }), params({ id })),
  events: async (h: Auth) => {
    const res = await events(makeRequest("/api/events", { headers: h }), params());
    // A live stream never ends by itself: close it as a tab does.
    if (res.ok) await res.body?.cancel();
    return res;
  },
};

/** The status of every portal route for these headers, on a ticket and a file of A's customer. */
async function statuses(h: Auth, t: Ticket, fileId: string) {
  return {
    session: (await routes.session(h)).status,
    list: (await routes.list(h)).status,
    byId: (await routes.byId(h, t)).status,
    byNumber: (await routes.byNumber(h, t)).status,
    replies: (await routes.replies(h, t)).status,
    file: (await routes.file(h, fileId)).status,
    events: (await routes.events(h)).status,
  };
}

const ALL_OK = { session: 200, list: 200, byId: 200, byNumber: 200, replies: 200, file: 200, events: 200 };
const ALL_401 = { session: 401, list: 401, byId: 401, byNumber: 401, replies: 401, file: 401, events: 401 };

let ticket: Ticket;
let fileId: string;

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
  process.env.TRUST_PROXY_HOPS = "1";
  world = await twoTenants();
  ticket = await ticketFor(world.org.id, CUSTOMER);
  fileId = (
    await save({ organizationId: world.org.id, ticketId: ticket.id, replyId: null, files: [file("manual.pdf", "pdf")] })
  ).saved[0]!.id;
});
afterAll(async () => {
  await mailsTo(smtp, CUSTOMER);
  await smtp.stop();
});

describe("the portal session cookie", () => {
  it("opens every portal route, the ticket by id and by its number, and the session route says whose it is", async () => {
    const own = portalAuth(world.org.slug, await signIn(smtp, world.org, CUSTOMER));
    expect(await statuses(own, ticket, fileId)).toEqual(ALL_OK);
    const who = await routes.session(own);
    expect(await who.json()).toEqual({ email: CUSTOMER, expiresAt: expect.any(String) });
    expect((await routes.create(own)).status).toBe(201);
    expect((await routes.reply(own, ticket)).status).toBe(201);
    const shown = (await (await routes.byNumber(own, ticket)).json()) as { id: string };
    expect(shown.id).toBe(ticket.id);
  });

  it("is refused after logout, expiry and revocation", async () => {
    for (const end of ["logout", "expiry", "revocation"] as const) {
      const token = await signIn(smtp, world.org, CUSTOMER);
      const own = portalAuth(world.org.slug, token);
      expect((await routes.list(own)).status).toBe(200);
      if (end === "logout")
        expect(
          (await logout(makeRequest("/api/portal/logout", { method: "POST", headers: own }), params())).status,
        ).toBe(200);
      else
        await db.portalSession.update({
          where: { tokenHash: hashToken(token) },
          data: end === "expiry" ? { expiresAt: new Date(Date.now() - 1) } : { revokedAt: new Date() },
        });
      expect({ end, ...(await statuses(own, ticket, fileId)) }).toEqual({ end, ...ALL_401 });
      expect({ end, reply: (await routes.reply(own, ticket)).status }).toEqual({ end, reply: 401 });
    }
  });

  it("counts only in its own organisation's portal: another org's cookie opens nothing here", async () => {
    const elsewhere = await signIn(smtp, world.other, CUSTOMER);
    // Sent as this portal's cookie (a forged name): not this portal's session.
    expect(await statuses(portalAuth(world.org.slug, elsewhere), ticket, fileId)).toEqual(ALL_401);
    // Sent as what it is, its own portal's: this organisation's tickets are not found.
    const theirs = portalAuth(world.other.slug, elsewhere);
    expect(await statuses(theirs, ticket, fileId)).toEqual({
      ...ALL_OK,
      byId: 404,
      byNumber: 404,
      replies: 404,
      file: 404,
    });
    expect((await routes.reply(theirs, ticket)).status).toBe(404);
  });

  it("opens another customer's ticket number of the same organisation as not found", async () => {
    const neighbour = portalAuth(world.org.slug, await signIn(smtp, world.org, "sam.cookie@shop.test"));
    expect(await (await routes.byNumber(neighbour, ticket)).json()).toEqual({
      error: "Ticket not found",
      code: "not_found",
    });
  });

  it("is read only for the portal the call names, and a staff session is not a portal session", async () => {
    const token = await signIn(smtp, world.org, CUSTOMER);
    const { cookie } = portalAuth(world.org.slug, token);
    expect((await routes.list({ cookie })).status).toBe(401);
    expect((await routes.list({ cookie, "x-portal-org": "Not a slug!" })).status).toBe(401);
    expect((await routes.list({ cookie, "x-portal-org": world.other.slug })).status).toBe(401);
    const staff = { cookie: await sessionCookie(world.users.agent), "x-portal-org": world.org.slug };
    expect((await routes.list(staff)).status).toBe(401);
    // Without the header the shared paths are the workspace's: the portal cookie alone is nobody.
    expect((await routes.replies({ cookie }, ticket)).status).toBe(401);
  });
});
