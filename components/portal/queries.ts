"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import { cursorPageUrl, readCursorPage, useNewestPages } from "@/lib/http/client/use-cursor-pages";
import type { AttachmentSummary } from "@/lib/schemas/attachments";
import type { KbSuggestion } from "@/lib/schemas/kb";
import type { KbSuggestionOpenRecorded } from "@/lib/schemas/kb-deflection";
import type { Jsonify } from "@/lib/schemas/json";
import type { PortalTicket } from "@/lib/schemas/portal";
import type { CustomerReply } from "@/lib/schemas/tickets";
import type { PortalRequest } from "./portal-session";

export type PortalTicketJson = Jsonify<PortalTicket>;
export type PortalReplyJson = Jsonify<CustomerReply>;
type WithFiles<T> = T & { attachments: AttachmentSummary[] };

/**
 * Query keys of the customer portal. Its calls name their portal, so they have their own query
 * functions and their keys are not URLs; everything sits under "portal" so that leaving the
 * portal drops it all at once. A ticket is opened by its number (as the URL names it).
 */
export const portalKeys = {
  all: ["portal"] as const,
  tickets: () => ["portal", "tickets"] as const,
  anyTicket: () => ["portal", "ticket"] as const,
  ticket: (ticketNumber: number) => ["portal", "ticket", ticketNumber] as const,
  replies: (ticketId: string) => ["portal", "replies", ticketId] as const,
  suggestions: (q: string) => ["portal", "suggestions", q] as const,
};

/** Subjects shorter than this ask for no suggestions: two letters match too much to help. */
export const SUGGEST_MIN_CHARS = 3;

/**
 * The help center's best few published articles for what the customer typed as the subject (the
 * public suggest route; `q` already debounced). Nothing for a short subject; a help center that is
 * off (404) or a failed call shows nothing rather than an error: the ticket can always be written.
 */
export function useArticleSuggestions(org: string, q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: portalKeys.suggestions(term),
    queryFn: async () =>
      (await (
        await apiRequest("GET", `/api/help/${encodeURIComponent(org)}/suggest?q=${encodeURIComponent(term)}`)
      ).json()) as KbSuggestion[],
    enabled: term.length >= SUGGEST_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** Records that the customer opened a suggested article; its id goes with the ticket if they still send one. */
export async function recordSuggestionOpen(org: string, slug: string): Promise<string> {
  const res = await apiRequest("POST", `/api/help/${encodeURIComponent(org)}/suggestions/opens`, { slug });
  return ((await res.json()) as KbSuggestionOpenRecorded).id;
}

/** The signed-in customer's tickets; `onFailure` runs when the list cannot be loaded. */
export function usePortalTickets(
  request: PortalRequest,
  session: { email: string } | null | undefined,
  onFailure: (error: unknown) => void,
) {
  return useQuery({
    queryKey: portalKeys.tickets(),
    queryFn: async () => {
      try {
        return await request<PortalTicketJson[]>(
          "GET",
          `/api/portal/tickets?email=${encodeURIComponent(session?.email ?? "")}`,
        );
      } catch (error) {
        onFailure(error);
        throw error;
      }
    },
    enabled: Boolean(session),
  });
}

export function usePortalTicket(request: PortalRequest, ticketNumber: number) {
  return useQuery({
    queryKey: portalKeys.ticket(ticketNumber),
    queryFn: () => request<WithFiles<PortalTicketJson>>("GET", `/api/portal/tickets/${ticketNumber}`),
  });
}

/**
 * The public conversation, oldest first: its newest messages, earlier ones a page at a time on
 * asking (once the ticket, opened by its number, has told its id).
 */
export function usePortalReplies(request: PortalRequest, ticketId: string | undefined) {
  return useNewestPages(
    portalKeys.replies(ticketId ?? ""),
    (cursor) =>
      request(
        "GET",
        cursorPageUrl(`/api/replies/${ticketId}`, "", cursor),
        undefined,
        readCursorPage<WithFiles<PortalReplyJson>>,
      ),
    { enabled: ticketId !== undefined },
  );
}

type NewPortalTicket = {
  subject: string;
  description: string;
  email: string;
  suggestionOpenIds?: string[];
  /** The custom fields the customer filled in, by key. */
  customFields?: Record<string, unknown>;
};

/** The customer's name on a new ticket is the part of their email before the at-sign. */
export function useCreatePortalTicket(
  request: PortalRequest,
  { onSuccess, onError }: MutationCallbacks<PortalTicketJson, NewPortalTicket> = {},
) {
  return useMutation({
    mutationFn: ({ subject, description, email, suggestionOpenIds, customFields }: NewPortalTicket) =>
      request<PortalTicketJson>("POST", "/api/portal/tickets", {
        subject,
        description,
        customerEmail: email,
        customerName: email.split("@")[0],
        ...(suggestionOpenIds?.length ? { suggestionOpenIds } : {}),
        ...(customFields && Object.keys(customFields).length > 0 ? { customFields } : {}),
      }),
    onSuccess,
    onError,
  });
}

/** A customer's reply is always public; afterwards every portal query is fetched again. */
export function useSendPortalReply(
  request: PortalRequest,
  ticketId: string,
  callbacks: MutationCallbacks<PortalReplyJson, { content: string; attachmentIds?: string[] }> = {},
) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    ({ content, attachmentIds }: { content: string; attachmentIds?: string[] }) =>
      request<PortalReplyJson>("POST", "/api/replies", {
        ticketId,
        content,
        type: "public",
        authorType: "customer",
        ...(attachmentIds?.length ? { attachmentIds } : {}),
      }),
    () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
    callbacks,
  );
}
