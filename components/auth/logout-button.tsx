"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { apiRequest } from "@/lib/http/client/api";
import { AUTH_CHECK_KEY, type AuthCheck } from "./route-guard";

/** Logout ends the session, clears cached data and goes to /login. */
export function LogoutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const request = usePendingRequest({ failure: "Logout failed", fallback: "Please try again" });

  const logout = () =>
    request.run(async () => {
      await apiRequest("POST", "/api/logout");
      queryClient.clear();
      // The route guard sees the signed-out state and agrees on the destination.
      queryClient.setQueryData<AuthCheck>(AUTH_CHECK_KEY, { isAuthenticated: false, user: null, signedOut: true });
      router.replace("/login");
      router.refresh();
    });

  return (
    <Button variant="ghost" size="sm" onClick={logout} disabled={request.pending}>
      <LogOut />
      Logout
    </Button>
  );
}
