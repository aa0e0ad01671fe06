import { db } from "../../helpers/db";
import { nextTicketNumber } from "../../helpers/fixtures";
import { ROLES, type CallContext, type RouteEntry } from "../route-types";
import type { Tenant } from "../world";

/** A ticket of the target organisation of its usual customer, for a call that merges, splits or links it. */
export async function freshTicket(target: Tenant, unique: string) {
  const due = new Date(Date.now() + 86_400_000);
  return db.ticket.create({
    data: {
      organizationId: target.org.id,
      ticketNumber: await nextTicketNumber(target.org.id),
      subject: `Merge ${unique}`,
      description: "Still on fire",
      customerName: "Casey",
      customerEmail: target.ticket.customerEmail,
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
    },
  });
}

/** Two fresh tickets of the target: each call merges or links its own pair. */
export async function pair({ target, unique }: CallContext) {
  return [await freshTicket(target, `${unique}-a`), await freshTicket(target, `${unique}-b`)] as const;
}

export const MERGE_ROUTES: RouteEntry[] = [
  {
    route: "/api/tickets/[id]/merge",
    method: "POST",
    access: ROLES.staff,
    scoped: true,
    call: async (ctx) => {
      const [survivor, dupe] = await pair(ctx);
      return { params: { id: survivor.id }, body: { ticketIds: [dupe.id] } };
    },
  },
  {
    route: "/api/tickets/[id]/split",
    method: "POST",
    access: ROLES.staff,
    scoped: true,
    ok: 201,
    call: async (ctx) => {
      const ticket = await freshTicket(ctx.target, ctx.unique);
      const reply = await db.reply.create({
        data: {
          organizationId: ctx.target.org.id,
          ticketId: ticket.id,
          content: "And another thing",
          type: "public",
          authorType: "customer",
          authorEmail: ticket.customerEmail,
        },
      });
      return { params: { id: ticket.id }, body: { replyId: reply.id } };
    },
  },
  {
    route: "/api/tickets/[id]/links",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/links",
    method: "POST",
    access: ROLES.staff,
    scoped: true,
    ok: 201,
    call: async (ctx) => {
      const [a, b] = await pair(ctx);
      return { params: { id: a.id }, body: { ticketId: b.id } };
    },
  },
  {
    route: "/api/tickets/[id]/links/[ticketId]",
    method: "DELETE",
    access: ROLES.staff,
    scoped: true,
    ok: 204,
    call: async (ctx) => {
      const [a, b] = await pair(ctx);
      await db.ticketLink.create({
        data: {
          organizationId: ctx.target.org.id,
          ticketId: a.id < b.id ? a.id : b.id,
          linkedTicketId: a.id < b.id ? b.id : a.id,
        },
      });
      return { params: { id: a.id, ticketId: b.id } };
    },
  },
];
