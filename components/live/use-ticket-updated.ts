"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TicketJson } from "@/lib/schemas/tickets";
import { onTicketChanged, ownVersion } from "./live-bus";

type ShownTicket = Pick<
  TicketJson,
  | "version"
  | "subject"
  | "description"
  | "status"
  | "priority"
  | "assignedTo"
  | "category"
  | "customerName"
  | "customerEmail"
  | "tags"
> & { attachments?: unknown[] };

/**
 * What the ticket's header and details show of it. A new message moves the ticket's version
 * too, but it shows in the conversation itself: only a change of these is news for the banner.
 */
function shownFields(t: ShownTicket | undefined): string {
  if (!t) return "";
  return JSON.stringify([
    t.subject,
    t.description,
    t.status,
    t.priority,
    t.assignedTo,
    t.category,
    t.customerName,
    t.customerEmail,
    t.tags ?? [],
    t.attachments?.length ?? 0,
  ]);
}

/**
 * Whether someone else changed the open ticket since it was opened (or since the banner was
 * last dismissed), in something other than its conversation. A change this tab made itself is
 * not news: its versions are known once its own request settles, so an event that arrives while
 * one is in flight is judged after it. Whether a change shows is judged once the ticket has been
 * fetched again, against what was shown when the change was heard.
 */
export function useTicketUpdatedByOthers(ticketId: string, shown: ShownTicket | undefined) {
  const queryClient = useQueryClient();
  // Which ticket the banner is up for: opening another ticket takes it down by itself.
  const [updatedTicket, setUpdatedTicket] = useState<string | null>(null);
  const baseline = useRef({ ticketId, version: 0 });
  const latest = useRef(shown);
  // Versions heard of, each with what the agent was looking at then.
  const candidates = useRef<{ version: number; before: string }[]>([]);
  // Someone else's change heard: the version that brings it, and what was shown before it.
  const awaiting = useRef<{ version: number; before: string } | null>(null);
  const shownVersion = shown?.version;

  const judge = useCallback(() => {
    const now = latest.current;
    const pending = awaiting.current;
    if (!pending || !now || now.version < pending.version) return;
    awaiting.current = null;
    if (shownFields(now) !== pending.before) setUpdatedTicket(ticketId);
  }, [ticketId]);

  useEffect(() => {
    latest.current = shown;
    if (baseline.current.ticketId !== ticketId) {
      baseline.current = { ticketId, version: shownVersion ?? 0 };
      candidates.current = [];
      awaiting.current = null;
    } else if (baseline.current.version === 0 && shownVersion !== undefined) baseline.current.version = shownVersion;
    judge();
  }, [ticketId, shown, shownVersion, judge]);

  useEffect(() => {
    const decide = () => {
      if (candidates.current.length === 0) return;
      if (queryClient.isMutating({ mutationKey: ["ticket", ticketId] }) > 0) return;
      const known = Math.max(baseline.current.version, ownVersion(ticketId));
      const news = candidates.current.filter((c) => c.version > known);
      candidates.current = [];
      if (news.length === 0) return;
      awaiting.current = {
        version: Math.max(awaiting.current?.version ?? 0, ...news.map((c) => c.version)),
        before: awaiting.current?.before ?? news[0]!.before,
      };
      judge();
    };
    const stopEvents = onTicketChanged((event) => {
      if (event.ticketId !== ticketId) return;
      candidates.current.push({ version: event.version, before: shownFields(latest.current) });
      decide();
    });
    const stopMutations = queryClient.getMutationCache().subscribe(decide);
    return () => {
      stopEvents();
      stopMutations();
    };
  }, [ticketId, queryClient, judge]);

  const dismiss = useCallback(() => {
    baseline.current.version = Math.max(baseline.current.version, shownVersion ?? 0);
    setUpdatedTicket(null);
  }, [shownVersion]);
  return { updated: updatedTicket === ticketId, dismiss };
}
