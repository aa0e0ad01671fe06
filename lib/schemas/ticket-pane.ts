import type { WithAttachments } from "./attachments";
import type { CustomerSummary } from "./customers";
import type { TicketRating } from "./satisfaction";
import type { TicketViewer } from "./presence";
import type { TicketMail } from "./ticket-mail";
import type { TicketSla } from "./ticket-sla";
import type { TicketRelations } from "./ticket-merge";
import type { ArticlesSent } from "./kb-sent";
import type { TicketCompany } from "./companies";
import type { CustomerReply, StaffReply, Ticket, TicketHistoryEvent } from "./tickets";

/**
 * Everything the ticket pane shows when a ticket opens, in one answer of
 * `GET /api/tickets/{id}/pane`: each part is exactly what its own call returns
 * (`/api/tickets/detail/{id}`, `/api/replies/{id}`, and for staff `/history`, `/mail`,
 * `/customer`, `/presence`, `/rating`, `/sla`, `/links`, `/articles-sent`, `/company` under `/api/tickets/{id}`). A part the caller may not read is absent.
 */
export type TicketPane = {
  ticket: WithAttachments<Ticket>;
  /** The newest messages, oldest first (a page of its own call). */
  replies: WithAttachments<StaffReply>[] | WithAttachments<CustomerReply>[];
  /** Where the conversation's earlier messages start (its own call's X-Next-Cursor), null when it holds them all. */
  repliesCursor: string | null;
  history?: TicketHistoryEvent[];
  /** Where the history's earlier changes start (its own call's X-Next-Cursor), null when it holds them all. */
  historyCursor?: string | null;
  mail?: TicketMail;
  customer?: CustomerSummary;
  viewers?: TicketViewer[];
  rating?: { rating: TicketRating | null };
  sla?: TicketSla;
  relations?: TicketRelations;
  articlesSent?: ArticlesSent;
  company?: TicketCompany;
};
