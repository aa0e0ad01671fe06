import "server-only";
import { apiTicketDetailSchema, type ApiTicketDetail, type ApiUpdateTicketInput } from "@/lib/schemas/api-v1/tickets";
import type { BulkUpdateTicketsInput, CreateTicketInput, Ticket } from "@/lib/schemas/tickets";
import type { ApiCaller } from "@/lib/services/api/caller";
import { bulkUpdateTickets } from "@/lib/services/tickets/bulk";
import { createTicket } from "@/lib/services/tickets/create";
import { ticketDetail } from "@/lib/services/tickets/pane";
import { updateTicket } from "@/lib/services/tickets/update";

// The public API's writes are the workspace's, made as the team (the token's staff user): plan
// limits, rules, SLA, history naming the token and live events all come from those services.

/**
 * One ticket of the organisation as the API shows it: the ticket pane's, held to the fields the
 * document names (the pane's row also carries the workspace's own bookkeeping).
 */
export async function apiTicketDetail(caller: ApiCaller, id: string): Promise<ApiTicketDetail> {
  return apiTicketDetailSchema.parse(await ticketDetail(caller.staff, id));
}

/** A new ticket, answered as GET /api/v1/tickets/{id} shows it. */
export async function createApiTicket(caller: ApiCaller, input: CreateTicketInput): Promise<ApiTicketDetail> {
  const ticket = await createTicket({ kind: "staff", user: caller.staff }, input);
  return apiTicketDetail(caller, ticket.id);
}

/** A change of fields and tags in one transaction, answered as GET /api/v1/tickets/{id} shows the ticket then. */
export async function updateApiTicket(caller: ApiCaller, id: string, input: ApiUpdateTicketInput) {
  await updateTicket(caller.staff, id, input);
  return apiTicketDetail(caller, id);
}

/** The workspace's bulk change: every ticket as it left it. */
export async function bulkUpdateApiTickets(
  caller: ApiCaller,
  input: BulkUpdateTicketsInput,
): Promise<{ data: Ticket[] }> {
  return { data: await bulkUpdateTickets(caller.staff, input) };
}
