"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";
import { AUTH_CHECK_KEY, type AuthCheck } from "./route-guard";

/** Logout ends the session, clears cached data and goes to /login. */
export function LogoutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    try {
      await apiRequest("POST", "/api/logout");
      queryClient.clear();
      // The route guard sees the signed-out state and agrees on the destination.
      queryClient.setQueryData<AuthCheck>(AUTH_CHECK_KEY, { isAuthenticated: false, user: null, signedOut: true });
      router.replace("/login");
      router.refresh();
    } catch (error) {
      toastError("Logout failed", error, "Please try again");
      setPending(false);
    }
  }

  return (
    <Button variant="ghost" size="sm" onClick={logout} disabled={pending}>
      <LogOut />
      Logout
    </Button>
  );
}
