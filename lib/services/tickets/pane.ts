import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import type { Jsonify } from "@/lib/schemas/json";
import { CUSTOMER_PANEL_TICKETS, type CustomerTicket } from "@/lib/schemas/customers";
import type { TicketPane } from "@/lib/schemas/ticket-pane";
import type { TicketGroup } from "@/lib/schemas/groups";
import type { TicketRating } from "@/lib/schemas/satisfaction";
import type { TicketMail, TicketMailMessage } from "@/lib/schemas/ticket-mail";
import type { AttachmentSummary } from "@/lib/schemas/attachments";
import {
  CONVERSATION_PAGE,
  HISTORY_PAGE,
  type ConversationQuery,
  type Reply,
  type Ticket,
  type TicketHistoryEvent,
} from "@/lib/schemas/tickets";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { queryRows } from "@/lib/server/db";
import type { AuthorType } from "@/generated/prisma/enums";
import type { StoredBody } from "@/lib/services/replies/body";
import { toCustomerSummary } from "@/lib/services/tickets/customers";
import { PRESENCE_TTL_MS, toViewer } from "@/lib/services/tickets/presence";
import { authorNameOf } from "@/lib/services/replies/staff-reply";
import { toReply } from "@/lib/services/replies/body";
import { decodeCursor, oldestFirstPageOf } from "@/lib/services/keyset";
import { isStaff, ticketScope } from "@/lib/services/tickets/access";
import { HEAD_BYTES, MAIL_LIST_LIMIT, toMailMessage } from "@/lib/services/tickets/mail";
import { partsOf, ticketPaneQuery } from "@/lib/services/tickets/pane-sql.mjs";
import { ticketSlaDetail } from "@/lib/services/sla/ticket-sla-detail";
import { SENT_LIST_MAX } from "@/lib/services/kb/sent";
import { ticketForViewer } from "@/lib/services/fields/customer-values";
import { assertMayMerge } from "@/lib/services/tickets/merge";
import type { TicketRelations } from "@/lib/schemas/ticket-merge";
import type { ArticlesSent } from "@/lib/schemas/kb-sent";
import { COMPANY_PANEL_PEOPLE, COMPANY_TICKETS_SHOWN, type TicketCompany } from "@/lib/schemas/companies";

type Files = { attachments: AttachmentSummary[] };

type PaneParts = Parameters<typeof ticketPaneQuery>[0]["parts"];

/** What the statement answers: each part as PostgreSQL built it (dates already ISO strings). */
type PaneRow = {
  customerName: string;
  ticket?: Jsonify<Ticket> & Files;
  /** The newest first, one more than a page (see ticketReplies). */
  replies?: (Omit<Jsonify<Reply>, "format" | "html" | "authorEmail"> &
    StoredBody &
    Files & { authorEmail?: string; authorType: AuthorType; authorFullName: string | null })[];
  tags?: string[];
  group?: TicketGroup | null;
  /** The newest first, one more than a page (see ticketHistory). */
  history?: Jsonify<TicketHistoryEvent>[];
  mail?: {
    messages: (Omit<Jsonify<TicketMailMessage>, "from" | "subject" | "auth"> & {
      authResults: unknown;
      head: string;
    })[];
    customerAddressFailing: Jsonify<TicketMail["customerAddressFailing"]>;
  };
  customer?: {
    counts: { total: number; open: number; first: string | null };
    otherTickets: Jsonify<CustomerTicket>[];
  } | null;
  viewers?: { userId: string; fullName: string; typing: boolean; seenAt: string }[];
  rating?: Jsonify<TicketRating> | null;
  relations?: TicketRelations;
  articlesSent?: ArticlesSent;
  company?: Jsonify<TicketCompany>;
};

/** Every part the caller may read; a call that wants fewer turns the rest off. */
function partsFor(user: SessionUser): PaneParts {
  return {
    ticket: true,
    replies: true,
    staff: isStaff(user),
    internalNotes: can(user, "tickets.internal_notes"),
    tags: can(user, "tickets.tags"),
    group: can(user, "groups.read"),
    history: can(user, "tickets.history"),
    customer: can(user, "tickets.read_all"),
    viewers: can(user, "tickets.presence"),
    rating: can(user, "satisfaction.read"),
    relations: can(user, "tickets.update"),
    articlesSent: can(user, "kb.read"),
    company: can(user, "companies.read"),
  };
}

/** The newest messages of the conversation the pane holds, or a page of earlier ones. */
const NEWEST_MESSAGES: ConversationQuery = { limit: CONVERSATION_PAGE };

/** Runs the statement for a ticket visible to the caller, or answers 404 (another tenant's too). */
async function readPane(
  user: SessionUser,
  id: string,
  parts: PaneParts,
  now: Date,
  conversation = NEWEST_MESSAGES,
): Promise<PaneRow> {
  const { text, values } = ticketPaneQuery({
    id,
    ...ticketScope(user),
    now,
    parts,
    limits: {
      headBytes: HEAD_BYTES,
      mailMessages: MAIL_LIST_LIMIT,
      otherTickets: CUSTOMER_PANEL_TICKETS,
      presenceTtlMs: PRESENCE_TTL_MS,
      placeholderEmail: PLACEHOLDER_CUSTOMER_EMAIL,
      historyEvents: HISTORY_PAGE + 1,
      replies: conversation.limit + 1,
      articlesSent: SENT_LIST_MAX,
      companyPeople: COMPANY_PANEL_PEOPLE,
      companyTickets: COMPANY_TICKETS_SHOWN,
    },
    repliesBefore: conversation.cursor === undefined ? undefined : decodeCursor(conversation.cursor),
  });
  const [row] = await queryRows<{ pane: PaneRow }>({ text, values });
  if (!row) throw notFound("Ticket not found");
  return row.pane;
}

const ticketOf = ({ ticket, tags, group }: PaneRow) => ({
  ...ticket!,
  ...(tags && { tags }),
  ...(group !== undefined && { groupId: group?.id ?? null, group }),
});

/** The history as its own call's first page answers it: oldest first, and where earlier changes start. */
function historyOf(newestFirst: NonNullable<PaneRow["history"]>) {
  const { page, nextCursor } = oldestFirstPageOf(newestFirst, HISTORY_PAGE);
  return { history: page, historyCursor: nextCursor };
}

/** A page of the conversation, oldest first, and where its earlier messages start (null: none). */
function repliesOf({ replies, customerName }: PaneRow, limit: number) {
  const { page, nextCursor } = oldestFirstPageOf(replies!, limit);
  return {
    replies: page.map(({ authorFullName, ...reply }) => ({
      ...toReply(reply),
      authorName: authorNameOf(reply.authorType, customerName, authorFullName),
    })),
    repliesCursor: nextCursor,
  };
}

/**
 * What the ticket pane needs on opening, in one request: the ticket is found (and its
 * visibility checked) and every part read by one statement (pane-sql.mjs), the SLA worked out
 * beside it. Staff get history, mail, customer, viewers, the customer's rating and the ticket's
 * SLA as their permissions allow; a customer gets their ticket and its public conversation.
 */
export async function ticketPane(user: SessionUser, id: string, now = new Date()): Promise<Jsonify<TicketPane>> {
  // The SLA's reason and clocks are worked out in code, beside the statement (staff only).
  const [pane, sla] = await Promise.all([
    readPane(user, id, partsFor(user), now),
    can(user, "tickets.read_all") ? ticketSlaDetail(user, id, now) : undefined,
  ]);
  const { ticket, history, mail, customer, viewers, rating, relations, articlesSent, company } = pane;
  return {
    ticket: await ticketForViewer(user, ticketOf(pane)),
    ...repliesOf(pane, CONVERSATION_PAGE),
    ...(history && historyOf(history)),
    ...(mail && {
      mail: {
        messages: mail.messages.map(({ head, ...message }) => toMailMessage(message, Buffer.from(head, "base64"))),
        customerAddressFailing: mail.customerAddressFailing,
      },
    }),
    ...(customer !== undefined && {
      customer: toCustomerSummary(ticket!, customer && { ...customer.counts, otherTickets: customer.otherTickets }),
    }),
    ...(viewers && { viewers: viewers.map((viewer) => toViewer(viewer, now)) }),
    ...(rating !== undefined && { rating: { rating } }),
    ...(sla && { sla }),
    ...(relations && { relations }),
    ...(articlesSent && { articlesSent }),
    ...(company && { company }),
  };
}

/** One visible ticket with the files of its first message (each reply's come with the replies). */
export async function ticketDetail(user: SessionUser, id: string): Promise<Jsonify<TicketPane["ticket"]>> {
  return ticketForViewer(user, ticketOf(await readPane(user, id, partsOf(partsFor(user), "ticket"), new Date())));
}

/**
 * The newest `limit` messages of the conversation before the cursor, oldest first, with each
 * message's files, and where the earlier ones start; internal notes and authors' addresses only for staff.
 */
export async function ticketReplies(
  user: SessionUser,
  id: string,
  query: ConversationQuery,
): Promise<{ replies: Jsonify<TicketPane["replies"]>; nextCursor: string | null }> {
  const pane = await readPane(user, id, partsOf(partsFor(user), "replies"), new Date(), query);
  const { replies, repliesCursor } = repliesOf(pane, query.limit);
  return { replies, nextCursor: repliesCursor };
}

/** How a ticket stands to others: what it was merged into, what was merged into it, what is related (staff). */
export async function ticketRelations(user: SessionUser, id: string): Promise<TicketRelations> {
  assertMayMerge(user);
  return (await readPane(user, id, partsOf(partsFor(user), "relations"), new Date())).relations!;
}

/** Which knowledge base articles each reply of a ticket sent, oldest first (staff). */
export async function articlesSentOnTicket(user: SessionUser, id: string): Promise<ArticlesSent> {
  return (await readPane(user, id, partsOf(partsFor(user), "articlesSent"), new Date())).articlesSent!;
}

/** The customer panel's company of a ticket: its other people and tickets, and the team's notes (staff). */
export async function ticketCompany(user: SessionUser, id: string): Promise<Jsonify<TicketCompany>> {
  return (await readPane(user, id, partsOf(partsFor(user), "company"), new Date())).company!;
}
