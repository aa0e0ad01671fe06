"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Circle, Moon } from "lucide-react";
import { AUTH_CHECK_KEY, type AuthCheck } from "@/components/auth/route-guard";
import { toastError } from "@/components/ui/toast-error";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar";
import { useCurrentUser } from "@/components/users/use-current-user";
import type { Availability } from "@/generated/prisma/enums";
import type { PublicUser } from "@/lib/auth/session";
import { apiRequest } from "@/lib/http/client/api";

const NAME = "Available for new tickets";

/**
 * The agent's own availability in the sidebar footer: on, automatic assignment gives them new
 * tickets; away, it passes them by. A switch named the same either way, its state drawn as a
 * green dot or a moon (all that shows when the sidebar is collapsed, with the state in its
 * tooltip) and a switch's track.
 */
export function AvailabilitySwitch({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const availability = useCurrentUser()?.availability ?? user.availability;
  const change = useMutation({
    mutationFn: async (next: Availability) =>
      (
        (await (await apiRequest("PUT", "/api/users/availability", { availability: next })).json()) as {
          user: PublicUser;
        }
      ).user,
    onSuccess: (updated) =>
      queryClient.setQueryData<AuthCheck>(AUTH_CHECK_KEY, (check) => ({
        ...check,
        isAuthenticated: true,
        user: updated,
      })),
    onError: (error) => toastError("Availability not changed", error, "Your availability could not be changed."),
  });
  const shown = change.isPending ? change.variables : availability;
  const available = shown === "available";
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton
          role="switch"
          aria-checked={available}
          aria-label={NAME}
          tooltip={available ? NAME : "Away: no new tickets"}
          aria-busy={change.isPending || undefined}
          onClick={() => !change.isPending && change.mutate(available ? "away" : "available")}
        >
          {available ? (
            <Circle aria-hidden className="fill-emerald-500 text-emerald-500" />
          ) : (
            <Moon aria-hidden className="text-amber-500" />
          )}
          <span>Available</span>
          <span
            aria-hidden
            data-state={available ? "checked" : "unchecked"}
            className="ml-auto inline-flex h-4 w-7 shrink-0 items-center rounded-full bg-input transition-colors group-data-[collapsible=icon]:hidden data-[state=checked]:bg-primary"
          >
            <span
              data-state={available ? "checked" : "unchecked"}
              className="block size-3 translate-x-0.5 rounded-full bg-background transition-transform data-[state=checked]:translate-x-3.5"
            />
          </span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
