"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import { cursorPageUrl, readCursorPage, useNewestPages } from "@/lib/http/client/use-cursor-pages";
import type { AttachmentSummary } from "@/lib/schemas/attachments";
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
};

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

type NewPortalTicket = { subject: string; description: string; email: string };

/** The customer's name on a new ticket is the part of their email before the at-sign. */
export function useCreatePortalTicket(
  request: PortalRequest,
  { onSuccess, onError }: MutationCallbacks<PortalTicketJson, NewPortalTicket> = {},
) {
  return useMutation({
    mutationFn: ({ subject, description, email }: NewPortalTicket) =>
      request<PortalTicketJson>("POST", "/api/portal/tickets", {
        subject,
        description,
        customerEmail: email,
        customerName: email.split("@")[0],
      }),
    onSuccess,
    onError,
  });
}

/** A customer's reply is always public; afterwards every portal query is fetched again. */
export function useSendPortalReply(
  request: PortalRequest,
  ticketId: string,
  callbacks: MutationCallbacks<PortalReplyJson, string> = {},
) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    (content: string) =>
      request<PortalReplyJson>("POST", "/api/replies", { ticketId, content, type: "public", authorType: "customer" }),
    () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
    callbacks,
  );
}
