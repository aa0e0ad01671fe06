import "server-only";
import type { PortalCustomer } from "@/lib/auth/portal-token";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";
import { customerVisibleKeys, onlyKeys } from "@/lib/services/fields/customer-values";
import { storedValues } from "@/lib/services/fields/values";
import { notFound } from "@/lib/errors";
import type { PortalTicket, PortalTicketInput } from "@/lib/schemas/portal";
import { createTicketSchema, type ConversationQuery } from "@/lib/schemas/tickets";
import type { WithAttachments } from "@/lib/schemas/attachments";
import { portalActor } from "@/lib/services/actor";
import { scopeFilter } from "@/lib/services/tickets/access";
import { parseTicketNumber } from "@/lib/tickets/ticket-url";
import { openingAttachments } from "@/lib/services/tickets/attachments";
import { listCustomerReplies } from "@/lib/services/replies/conversation";
import { raiseTicket } from "@/lib/services/tickets/create";
import { claimSuggestionOpens } from "@/lib/services/kb/suggestion-opens";

/**
 * What a customer sees of a ticket: no assignee, SLA clocks or category. Every query is
 * scoped to the token's organisation AND email, so any other ticket is a plain 404.
 */
const PORTAL_TICKET_SELECT = {
  id: true,
  ticketNumber: true,
  subject: true,
  description: true,
  priority: true,
  status: true,
  customerName: true,
  customerEmail: true,
  organizationId: true,
  createdAt: true,
  updatedAt: true,
  customFields: true,
} as const;

type PortalTicketRow = Prisma.TicketGetPayload<{ select: typeof PORTAL_TICKET_SELECT }>;

/** The row as the customer sees it: of its custom fields, only those shown to customers. */
const shown = (row: PortalTicketRow, keys: ReadonlySet<string>): PortalTicket => ({
  ...row,
  customFields: onlyKeys(storedValues(row.customFields), keys),
});

/** The portal list is not paged: the newest this many tickets of one customer. */
export const PORTAL_LIST_LIMIT = 200;

const own = (c: PortalCustomer) => scopeFilter({ organizationId: c.organizationId, customerEmail: c.email });

export async function listPortalTickets(c: PortalCustomer): Promise<PortalTicket[]> {
  const [rows, keys] = await Promise.all([
    db.ticket.findMany({
      where: own(c),
      select: PORTAL_TICKET_SELECT,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PORTAL_LIST_LIMIT,
    }),
    customerVisibleKeys(c.organizationId),
  ]);
  return rows.map((row) => shown(row, keys));
}

async function findOwnTicket(
  c: PortalCustomer,
  which: { id: string } | { ticketNumber: number },
): Promise<PortalTicket> {
  const [ticket, keys] = await Promise.all([
    db.ticket.findFirst({ where: { ...which, ...own(c) }, select: PORTAL_TICKET_SELECT }),
    customerVisibleKeys(c.organizationId),
  ]);
  if (!ticket) throw notFound("Ticket not found");
  return shown(ticket, keys);
}

/** One of the customer's tickets (by id or number) with the files of its first message. */
export async function getPortalTicket(c: PortalCustomer, idOrNumber: string): Promise<WithAttachments<PortalTicket>> {
  // Its number as the customer's mail links to it (`/portal?ticket=12`), read as the portal reads it.
  const ticketNumber = parseTicketNumber(idOrNumber);
  const ticket = await findOwnTicket(c, ticketNumber !== null ? { ticketNumber } : { id: idOrNumber });
  return { ...ticket, attachments: await openingAttachments(c.organizationId, ticket.id) };
}

/**
 * A portal ticket gets a new ticket's defaults (medium priority); raiseTicket throttles and files it
 * under the token's email and opens it. The suggested articles the customer opened and then wrote
 * anyway are the ticket's from its transaction on: they no longer count as deflections.
 */
export async function createPortalTicket(
  c: PortalCustomer,
  input: PortalTicketInput,
  ip: string,
): Promise<PortalTicket> {
  const created = await raiseTicket(
    portalActor(c),
    createTicketSchema.parse({
      subject: input.subject,
      description: input.description,
      customFields: input.customFields,
    }),
    ip,
    input.suggestionOpenIds?.length
      ? async (tx, ticket) => void (await claimSuggestionOpens(tx, ticket, input.suggestionOpenIds))
      : undefined,
  );
  return findOwnTicket(c, { id: created.id });
}

/**
 * A page of the conversation a customer sees: public replies only, authors by name; internal
 * notes never leave the server.
 */
export async function listPortalReplies(c: PortalCustomer, ticketId: string, query: ConversationQuery) {
  await findOwnTicket(c, { id: ticketId });
  return listCustomerReplies(c.organizationId, ticketId, query);
}
