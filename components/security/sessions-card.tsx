"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toastError } from "@/components/ui/toast-error";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/http/client/api";
import type { SessionJson } from "@/lib/schemas/sessions";
import { securityKeys, useSessions } from "./queries";
import { SessionList } from "./session-list";

/** Profile: where this account is signed in, and a way to sign any other device out. */
export function SessionsCard() {
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });

  async function end(path: string, id: string, done: string) {
    setEnding(id);
    try {
      await apiRequest("DELETE", path);
      toast({ title: done });
      await refresh();
    } catch (error) {
      toastError("Could not end the session", error, "Please try again");
    } finally {
      setEnding(null);
    }
  }

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sessions</CardTitle>
        <CardDescription>Devices signed in to your account. Ending a session signs that device out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading sessions...</p>
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">Failed to load sessions</p>
        ) : (
          <SessionList
            sessions={sessions.data}
            ending={ending}
            onEnd={(session: SessionJson) => void end(`/api/users/sessions/${session.id}`, session.id, "Session ended")}
          />
        )}
        {others > 0 && (
          <div>
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline" disabled={ending !== null}>
                  End all other sessions
                </Button>
              }
              title="End all other sessions?"
              description="Every other device signed in to your account is signed out. This one stays signed in."
              confirm="End sessions"
              onConfirm={() => void end("/api/users/sessions", "all", "Other sessions ended")}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
