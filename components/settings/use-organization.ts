"use client";

import { useQuery } from "@tanstack/react-query";
import type { Plan } from "@/generated/prisma/enums";

export type SupportEmailJson = { id: string; email: string; displayName: string; isActive: boolean; organizationId: string };
export type OrganizationJson = {
  id: string;
  name: string;
  plan: Plan;
  createdAt: string;
  onboardingCompleted: boolean;
  supportEmails: SupportEmailJson[];
  stats: { totalTickets: number; openTickets: number };
};
export type SeatSummary = { plan: Plan; used: number; pending: number; limit: number };

/** The signed-in user's organisation (spec §7 GET /api/organizations/{id}). */
export function useOrganization(organizationId: string) {
  return useQuery<OrganizationJson>({ queryKey: ["/api/organizations", organizationId] });
}

/** Agent seats in use against the plan (GET /api/users/seats). */
export function useSeats() {
  return useQuery<SeatSummary>({ queryKey: ["/api/users/seats"] });
}

/** '3 / 5', or '3 / ∞' for an unlimited plan. */
export function countAgainst(current: number, limit: number) {
  return `${current} / ${limit === -1 ? "∞" : limit}`;
}
