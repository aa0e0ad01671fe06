import { GET as pane } from "@/app/api/tickets/[id]/pane/route";
import { GET as detail } from "@/app/api/tickets/detail/[id]/route";
import { GET as replies } from "@/app/api/replies/[ticketId]/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { GET as mail } from "@/app/api/tickets/[id]/mail/route";
import { GET as customer } from "@/app/api/tickets/[id]/customer/route";
import { GET as presence, PUT as markViewing } from "@/app/api/tickets/[id]/presence/route";
import { GET as rating } from "@/app/api/tickets/[id]/rating/route";
import { makeRequest, params, readJson } from "../helpers/request";
import { cookieOf, setUpWorld, type SignedInActor, type World } from "../security/world";

// The ticket pane in one request: each part is exactly what its own call answers, parts the
// caller may not read are absent, and another tenant's ticket (or another customer's) is a 404.

let world: World;
setUpWorld((w) => (world = w));

type Handler = (req: ReturnType<typeof makeRequest>, ctx: ReturnType<typeof params>) => Promise<Response>;

async function call(handler: Handler, actor: SignedInActor, path: string, values: Record<string, string>) {
  return readJson(await handler(makeRequest(path, { headers: await cookieOf(world, actor) }), params(values)));
}

describe("GET /api/tickets/{id}/pane", () => {
  it("gives staff the ticket, conversation, history, mail, customer, viewers and rating as their own calls do", async () => {
    const id = world.a.ticket.id;
    // Someone else has the ticket open, so the viewers part has a row to show.
    await markViewing(
      makeRequest(`/api/tickets/${id}/presence`, {
        method: "PUT",
        body: { typing: true },
        headers: await cookieOf(world, "org_admin"),
      }),
      params({ id }),
    );
    const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
    expect(got.status).toBe(200);
    const parts = {
      ticket: await call(detail, "agent", `/api/tickets/detail/${id}`, { id }),
      replies: await call(replies, "agent", `/api/replies/${id}`, { ticketId: id }),
      history: await call(history, "agent", `/api/tickets/${id}/history`, { id }),
      mail: await call(mail, "agent", `/api/tickets/${id}/mail`, { id }),
      customer: await call(customer, "agent", `/api/tickets/${id}/customer`, { id }),
      viewers: await call(presence, "agent", `/api/tickets/${id}/presence`, { id }),
      rating: await call(rating, "agent", `/api/tickets/${id}/rating`, { id }),
    };
    for (const part of Object.values(parts)) expect(part.status).toBe(200);
    const { viewers, ...rest } = got.body as Record<string, unknown>;
    expect(rest).toEqual(
      Object.fromEntries(Object.entries(parts).flatMap(([k, v]) => (k === "viewers" ? [] : [[k, v.body]]))),
    );
    // How long a viewer still counts moves on between the two calls; who is there does not.
    const strip = (list: unknown) => (list as { expiresInMs: number }[]).map(({ expiresInMs: _, ...v }) => v);
    expect(strip(viewers)).toEqual(strip(parts.viewers.body));
    expect(strip(viewers)).toEqual([
      { userId: world.a.users.org_admin.id, fullName: world.a.users.org_admin.fullName, typing: true },
    ]);
    // The conversation holds the internal note for staff.
    expect((rest.replies as { type: string }[]).map((r) => r.type)).toEqual(["public", "internal"]);
  });

  it("gives the ticket's customer their ticket and public conversation only", async () => {
    const id = world.a.ticket.id;
    const got = await call(pane, "end_user", `/api/tickets/${id}/pane`, { id });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(["replies", "ticket"]);
    expect(got.body.ticket).toEqual((await call(detail, "end_user", `/api/tickets/detail/${id}`, { id })).body);
    expect(got.body.replies).toEqual((await call(replies, "end_user", `/api/replies/${id}`, { ticketId: id })).body);
    expect((got.body.replies as { type: string }[]).map((r) => r.type)).toEqual(["public"]);
    expect(JSON.stringify(got.body)).not.toContain("internal note");
  });

  it("answers 404 for another organisation's ticket and for an id that is no ticket", async () => {
    for (const id of [world.b.ticket.id, "not-a-ticket"]) {
      const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
      expect(got).toEqual({ status: 404, body: { error: "Ticket not found", code: "not_found" } });
    }
  });
});
