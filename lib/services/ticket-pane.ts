import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { can } from "@/lib/permissions/table";
import type { TicketPane } from "@/lib/schemas/ticket-pane";
import { customerSummaryOf } from "./customers";
import { ratingOf } from "./satisfaction-reports";
import { viewersOf } from "./presence";
import { repliesOf } from "./replies";
import { findVisibleTicket } from "./ticket-access";
import { ticketMailOf } from "./ticket-mail";
import { historyOf, ticketWithFiles } from "./tickets";

/**
 * What the ticket pane needs on opening, in one request instead of seven: the ticket is found
 * (and its visibility checked) once, then each part is read as its own call reads it, side by
 * side. Staff get history, mail, customer, viewers and the customer's rating as their permissions allow; a customer
 * gets their ticket and its public conversation.
 */
export async function ticketPane(user: SessionUser, id: string, now = new Date()): Promise<TicketPane> {
  const ticket = await findVisibleTicket(user, id);
  const when = <T>(allowed: boolean, read: () => Promise<T>) => (allowed ? read() : Promise.resolve(undefined));
  const [detail, replies, history, mail, customer, viewers, rating] = await Promise.all([
    ticketWithFiles(user, ticket),
    repliesOf(user, ticket),
    when(can(user, "tickets.history"), () => historyOf(user, ticket)),
    when(can(user, "tickets.history"), () => ticketMailOf(user, ticket)),
    when(can(user, "tickets.read_all"), () => customerSummaryOf(user, ticket)),
    when(can(user, "tickets.presence"), () => viewersOf(user, ticket, now)),
    when(can(user, "satisfaction.read"), () => ratingOf(user, ticket)),
  ]);
  return {
    ticket: detail,
    replies,
    ...(history && { history }),
    ...(mail && { mail }),
    ...(customer && { customer }),
    ...(viewers && { viewers }),
    ...(rating && { rating }),
  };
}
