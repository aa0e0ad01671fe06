"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client";

/** Logout (spec §4): ends the session, clears cached data and goes to /login. */
export function LogoutButton() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    try {
      await apiRequest("POST", "/api/logout");
      queryClient.clear();
      window.location.assign("/login");
    } catch (error) {
      toast({ title: "Logout failed", description: errorMessage(error, "Please try again"), variant: "destructive" });
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
