"use client";

import type { AttachmentSummary } from "@/lib/schemas/attachments";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { customerKeys } from "@/components/tickets/customer-queries";
import { presenceKey } from "@/components/live/presence-queries";
import { satisfactionKeys } from "@/components/satisfaction/queries";
import { organizationKeys, usageKeys } from "@/components/settings/queries";
import { userKeys } from "@/components/users/queries";
import { noteOwnWrite } from "@/components/live/live-bus";
import { kbKeys } from "@/components/kb/queries";
import { staleWriteOf } from "@/components/live/stale-write";
import { apiRequest, throwIfNotOk } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import { fetchCursorPage, firstPage, useCursorPages, useNewestPages } from "@/lib/http/client/use-cursor-pages";
import type { Jsonify } from "@/lib/schemas/json";
import type {
  CustomerReply,
  QueueCounts,
  StaffReply,
  TicketHistoryEvent,
  TicketListItem,
  TicketJson,
  TicketStats,
} from "@/lib/schemas/tickets";
import type { AssignableUser } from "@/lib/schemas/users";
import type { TicketMail } from "@/lib/schemas/ticket-mail";
import type { TicketPane } from "@/lib/schemas/ticket-pane";
import type { TicketSla } from "@/lib/schemas/ticket-sla";

export type TicketListItemJson = Jsonify<TicketListItem>;
/** Staff get replies with their authors' addresses, an end user gets them by name only. */
export type ReplyJson = Jsonify<StaffReply> | Jsonify<CustomerReply>;
/** A message of the conversation (the ticket's first message, a reply) with its files. */
export type WithFiles<T> = T & { attachments: AttachmentSummary[] };

/**
 * Query keys of tickets and replies. A key's parts joined with slashes are its GET URL (the
 * default query function fetches them that way), so each key names its endpoint.
 */
export const ticketKeys = {
  /** Every list page and every ticket's history (all keys under /api/tickets). */
  lists: ["/api/tickets"] as const,
  list: (params: URLSearchParams) => ["/api/tickets", params.toString()] as const,
  details: ["/api/tickets/detail"] as const,
  detail: (id: string) => ["/api/tickets/detail", id] as const,
  /** A ticket by its number in the organisation (what a ticket's address names). */
  byNumber: (ticketNumber: number) => ["/api/tickets/number", String(ticketNumber)] as const,
  history: (id: string) => ["/api/tickets", id, "history"] as const,
  /** The mail a ticket received and whether its customer's address bounces (staff). */
  mail: (id: string) => ["/api/tickets", id, "mail"] as const,
  /** The ticket's SLA in business terms (staff): under /api/tickets, so a change of the ticket fetches it again. */
  sla: (id: string) => ["/api/tickets", id, "sla"] as const,
  /** What the ticket was merged into, what was merged into it and its related tickets (staff). */
  relations: (id: string) => ["/api/tickets", id, "links"] as const,
  /** The customer's company beside the ticket (staff). */
  company: (id: string) => ["/api/tickets", id, "company"] as const,
  counts: ["/api/tickets/counts"] as const,
  stats: ["/api/tickets/stats"] as const,
};

export const replyKeys = {
  all: ["/api/replies"] as const,
  list: (ticketId: string) => ["/api/replies", ticketId] as const,
};

/** What a ticket change can alter: lists, counts, stats, details, replies, history, usage and organisations. */
const TICKET_DEPENDENT_KEYS = [
  ticketKeys.lists,
  ticketKeys.details,
  ticketKeys.counts,
  ticketKeys.stats,
  replyKeys.all,
  usageKeys.usage,
  organizationKeys.all,
];

/** After any ticket change, everything it shows up in is fetched again. */
export function useInvalidateTickets() {
  const queryClient = useQueryClient();
  return () => Promise.all(TICKET_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** One queue's tickets, filtered and searched on the server, page by page. */
export function useTicketList(params: URLSearchParams) {
  return useCursorPages<TicketListItemJson>(ticketKeys.list(params));
}

/**
 * Opening a ticket not yet on screen: one request (`/api/tickets/{id}/pane`) fills the ticket,
 * its conversation and, for staff, its history, mail, customer, viewers, SLA, related tickets,
 * the articles its replies sent and the customer's company, each under its own
 * key, so later refreshes (live events, own changes) still fetch only the part that changed.
 * A ticket already cached refreshes part by part as before. True once the parts may fetch
 * themselves: at once when nothing was needed, after the answer, or after a failure (each
 * part then asks its own endpoint).
 */
export function useTicketPane(id: string): boolean {
  const queryClient = useQueryClient();
  const needed = useMemo(() => queryClient.getQueryData(ticketKeys.detail(id)) === undefined, [id, queryClient]);
  const pane = useQuery({
    queryKey: ["ticket-pane", id],
    enabled: needed,
    gcTime: 0,
    queryFn: async () => {
      const res = await fetch(`/api/tickets/${id}/pane`, { credentials: "include" });
      await throwIfNotOk(res);
      const parts = (await res.json()) as Jsonify<TicketPane>;
      const fill = (queryKey: readonly string[], data: unknown) => {
        if (data === undefined) return;
        // A live event that arrived while the pane was on its way made this part out of date.
        const missed = queryClient.getQueryState(queryKey)?.isInvalidated;
        queryClient.setQueryData(queryKey, data);
        if (missed) void queryClient.invalidateQueries({ queryKey, exact: true });
      };
      fill(ticketKeys.detail(id), parts.ticket);
      fill(replyKeys.list(id), firstPage(parts.replies, parts.repliesCursor));
      fill(ticketKeys.history(id), parts.history && firstPage(parts.history, parts.historyCursor ?? null));
      fill(ticketKeys.mail(id), parts.mail);
      fill(customerKeys.summary(id), parts.customer);
      fill(presenceKey(id), parts.viewers);
      fill(satisfactionKeys.ticket(id), parts.rating);
      fill(ticketKeys.sla(id), parts.sla);
      fill(ticketKeys.relations(id), parts.relations);
      fill(kbKeys.sent(id), parts.articlesSent);
      fill(ticketKeys.company(id), parts.company);
      return true;
    },
  });
  return !needed || pane.isSuccess || pane.isError;
}

export function useTicket(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<WithFiles<TicketJson>>({ queryKey: ticketKeys.detail(id), enabled });
}

export function useTicketByNumber(ticketNumber: number | null) {
  return useQuery<TicketJson>({
    queryKey: ticketKeys.byNumber(ticketNumber ?? 0),
    enabled: ticketNumber !== null,
    // A number names the same ticket for ever; only which ticket it is matters here.
    staleTime: Infinity,
    retry: false,
  });
}

/** The conversation, oldest first: its newest messages (the pane brings them), earlier ones a page at a time on asking. */
export function useReplies(ticketId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useNewestPages(
    replyKeys.list(ticketId),
    (cursor) => fetchCursorPage<WithFiles<ReplyJson>>(`/api/replies/${ticketId}`, "", cursor),
    { enabled },
  );
}

/** The ticket's history, oldest first: its newest changes (the pane brings them), earlier ones on asking. */
export function useTicketHistory(id: string, { enabled }: { enabled: boolean }) {
  return useNewestPages(
    ticketKeys.history(id),
    (cursor) => fetchCursorPage<Jsonify<TicketHistoryEvent>>(`/api/tickets/${id}/history`, "", cursor),
    { enabled },
  );
}

/**
 * Staff only. Asked for every ticket a staff member opens: a bounce on another ticket marks the
 * customer's address too, and the answer for a ticket without mail is one small indexed query.
 */
export function useTicketMail(id: string, { enabled }: { enabled: boolean }) {
  return useQuery<Jsonify<TicketMail>>({ queryKey: ticketKeys.mail(id), enabled });
}

/** Staff only: the policy that applies to the ticket, why, and each target as it stands. */
export function useTicketSla(id: string) {
  return useQuery<Jsonify<TicketSla>>({ queryKey: ticketKeys.sla(id) });
}

/**
 * Staff clear the notice that mail to a ticket's customer bounced: it goes from every ticket of
 * that customer (each ticket's mail is asked again) and the ticket's history gains the entry.
 */
export function useClearBounceNotice(id: string, { onError }: Pick<MutationCallbacks<unknown, void>, "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/tickets/${id}/bounce-notice`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists, predicate: (q) => q.queryKey[2] === "mail" }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.history(id) }),
      ]),
    onError,
  });
}

export function useQueueCounts() {
  return useQuery<Jsonify<QueueCounts>>({ queryKey: ticketKeys.counts });
}

export function useTicketStats() {
  return useQuery<Jsonify<TicketStats>>({ queryKey: ticketKeys.stats });
}

/** Agents and admins a ticket can be assigned to. */
export function useAssignableUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Jsonify<AssignableUser>[]>({ queryKey: userKeys.assignable, enabled });
}

type NewTicket = {
  subject: string;
  description: string;
  customerName: string;
  customerEmail: string;
  priority: string;
  category: string;
  /** Who works it from the start; omitted leaves it unassigned. */
  assignedTo?: string | null;
};

export function useCreateTicket({ onSuccess, onError }: MutationCallbacks<TicketJson, NewTicket> = {}) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: async (ticket: NewTicket) =>
      (await apiRequest("POST", "/api/tickets", { ...ticket, status: "open" })).json() as Promise<TicketJson>,
    onSuccess: (ticket, input) => {
      onSuccess?.(ticket, input);
      return invalidate();
    },
    onError,
  });
}

/** A change carries the ticket's version this tab shows (or, to resend after a conflict, the one given). */
type TicketChange = (
  | { status: string }
  | { priority: string }
  | { assignedTo: string | null }
  | { groupId: string | null }
  | { customFields: Record<string, unknown> }
) & { version?: number };

/** The version of the ticket as this tab shows it: what a write says it saw. */
function shownVersion(queryClient: ReturnType<typeof useQueryClient>, id: string) {
  return queryClient.getQueryData<TicketJson>(ticketKeys.detail(id))?.version;
}

/** A write refused as stale: the ticket is shown as it is now, and its conversation fetched again, for review. */
function showCurrent(queryClient: ReturnType<typeof useQueryClient>, id: string, error: unknown) {
  const stale = staleWriteOf(error);
  if (!stale) return;
  queryClient.setQueryData(ticketKeys.detail(id), stale.current);
  void queryClient.invalidateQueries({ queryKey: replyKeys.list(id) });
}

export function useUpdateTicket(id: string, { onSuccess, onError }: MutationCallbacks<TicketJson, TicketChange> = {}) {
  const invalidate = useInvalidateTickets();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["ticket", id],
    // One write to a ticket at a time, each carrying the version the one before produced:
    // a key pressed while a change is on its way is not refused as stale.
    scope: { id: `ticket-${id}` },
    mutationFn: async (change: TicketChange) =>
      (
        await apiRequest("PUT", `/api/tickets/${id}`, { version: shownVersion(queryClient, id), ...change })
      ).json() as Promise<TicketJson>,
    onSuccess: (ticket, change) => {
      noteOwnWrite(id, ticket.version);
      // At once, not after the refetch: a second change right after (a key, then another) carries this version.
      queryClient.setQueryData<TicketJson>(ticketKeys.detail(id), (shown) => shown && { ...shown, ...ticket });
      onSuccess?.(ticket, change);
      return invalidate();
    },
    onError: (error, change) => {
      showCurrent(queryClient, id, error);
      onError?.(error, change);
    },
  });
}

type NewReply = {
  content: string;
  type: "public" | "internal";
  status?: string;
  version?: number;
  /** The applied macro: its field changes are made with the reply. */
  macroId?: string;
  /** Knowledge base articles inserted into the reply: recorded as sent with it. */
  articleIds?: string[];
  /** Files uploaded from the reply box: sent with it. */
  attachmentIds?: string[];
  /** Addresses a public reply copies in. */
  cc?: string[];
};

export function useCreateReply(ticketId: string, { onSuccess, onError }: MutationCallbacks<ReplyJson, NewReply> = {}) {
  const invalidate = useInvalidateTickets();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["ticket", ticketId],
    scope: { id: `ticket-${ticketId}` },
    mutationFn: async (reply: NewReply) =>
      (
        await apiRequest("POST", "/api/replies", { ticketId, version: shownVersion(queryClient, ticketId), ...reply })
      ).json() as Promise<ReplyJson>,
    onSuccess: (reply, input) => {
      noteOwnWrite(ticketId, "ticketVersion" in reply ? reply.ticketVersion : undefined);
      onSuccess?.(reply, input);
      // Articles sent count in their editor's figures.
      if (input.articleIds?.length) void queryClient.invalidateQueries({ queryKey: kbKeys.articles });
      return invalidate();
    },
    onError: (error, input) => {
      showCurrent(queryClient, ticketId, error);
      onError?.(error, input);
    },
  });
}

export type BulkChange =
  | { status: string }
  | { priority: string }
  | { assignedTo: string | null }
  | { addTags: string[] }
  | { removeTags: string[] };

/** One change for many tickets in one request (all or nothing). */
export function useBulkUpdateTickets({
  onSuccess,
  onError,
}: MutationCallbacks<TicketJson[], BulkChange & { ids: string[] }> = {}) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: async (change: BulkChange & { ids: string[] }) =>
      (await apiRequest("PATCH", "/api/tickets/bulk", change)).json() as Promise<TicketJson[]>,
    onSuccess: (tickets, change) => {
      onSuccess?.(tickets, change);
      return invalidate();
    },
    onError,
  });
}
