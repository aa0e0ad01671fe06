import { db } from "../../helpers/db";
import { multipartFile } from "../../kb/kb-fixtures";
import type { RouteEntry } from "../route-types";
import { freshTicket, pair } from "./merge";

// The public API's merge, split, links and uploads (issue 62): a token of the ticket's organisation.
export const API_V1_RELATION_ROUTES: RouteEntry[] = [
  {
    route: "/api/v1/tickets/[id]/merge",
    method: "POST",
    access: "api-token",
    scope: "tickets:write",
    scoped: true,
    call: async (ctx) => {
      const [survivor, dupe] = await pair(ctx);
      return { params: { id: survivor.id }, body: { ticketIds: [dupe.id] } };
    },
  },
  {
    route: "/api/v1/tickets/[id]/split",
    method: "POST",
    access: "api-token",
    scope: "tickets:write",
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
    route: "/api/v1/tickets/[id]/links",
    method: "GET",
    access: "api-token",
    scope: "tickets:read",
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/v1/tickets/[id]/links",
    method: "POST",
    access: "api-token",
    scope: "tickets:write",
    scoped: true,
    ok: 201,
    call: async (ctx) => {
      const [a, b] = await pair(ctx);
      return { params: { id: a.id }, body: { ticketId: b.id } };
    },
  },
  {
    route: "/api/v1/tickets/[id]/attachments",
    method: "POST",
    access: "api-token",
    scope: "tickets:write",
    scoped: true,
    ok: 201,
    call: ({ target }) => ({
      params: { id: target.ticket.id },
      ...multipartFile("notes.txt", Buffer.from("matrix upload"), { type: "text/plain" }),
    }),
  },
];
