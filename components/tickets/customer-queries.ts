"use client";

import { useQuery } from "@tanstack/react-query";
import type { CustomerMatch, CustomerSummary } from "@/lib/schemas/customers";
import type { Jsonify } from "@/lib/schemas/json";

/** Query keys of customers; each key joined with slashes is its GET URL. */
export const customerKeys = {
  summary: (ticketId: string) => ["/api/tickets", ticketId, "customer"] as const,
  search: (q: string) => [`/api/customers?q=${encodeURIComponent(q)}`] as const,
};

/** The customer beside a ticket's conversation (staff only). */
export function useCustomerSummary(ticketId: string) {
  return useQuery<Jsonify<CustomerSummary>>({ queryKey: customerKeys.summary(ticketId) });
}

/** Customers matching a search of two characters or more (the caller debounces it). */
export function useCustomerSearch(q: string) {
  return useQuery<Jsonify<CustomerMatch>[]>({ queryKey: customerKeys.search(q), enabled: q.trim().length >= 2 });
}
