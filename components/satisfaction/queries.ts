"use client";

import { useQuery } from "@tanstack/react-query";
import type { Jsonify } from "@/lib/schemas/json";
import type { AgentSatisfactionReport, SatisfactionSummary, TicketRating } from "@/lib/schemas/satisfaction";

/**
 * Query keys of satisfaction ratings; the parts joined with slashes are the GET URL. The
 * ticket's rating and the dashboard figure sit under "/api/tickets", so the live "ticket"
 * event that a rating raises refetches them with the ticket (see use-live-updates.ts).
 */
export const satisfactionKeys = {
  ticket: (ticketId: string) => ["/api/tickets", ticketId, "rating"] as const,
  summary: ["/api/tickets", "satisfaction"] as const,
  agents: ["/api/admin/agents", "satisfaction"] as const,
};

export function useTicketRating(ticketId: string, enabled: boolean) {
  return useQuery<Jsonify<{ rating: TicketRating | null }>>({ queryKey: satisfactionKeys.ticket(ticketId), enabled });
}

export function useSatisfactionSummary(enabled: boolean) {
  return useQuery<Jsonify<SatisfactionSummary>>({ queryKey: satisfactionKeys.summary, enabled });
}

export function useAgentSatisfaction() {
  return useQuery<Jsonify<AgentSatisfactionReport>>({ queryKey: satisfactionKeys.agents });
}
