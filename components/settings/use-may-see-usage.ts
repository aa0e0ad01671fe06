"use client";

import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";

/**
 * Whether the signed-in user may see the organisation's plan and its usage (tickets, seats).
 * Customers may not, so the screens they share with the team fetch none of it for them.
 */
export function useMaySeeUsage(): boolean {
  return can(useCurrentUser(), "organization.usage");
}
