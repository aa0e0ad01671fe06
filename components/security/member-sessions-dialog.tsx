"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { adminKeys } from "@/components/admin/queries";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog-shell";
import { toastError } from "@/components/ui/toast-error";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/http/client/api";
import { securityKeys, useMemberSessions } from "./queries";
import { SessionList } from "./session-list";

/** User Management: a member's signed-in devices, and "End all sessions" (a lost laptop, someone leaving). */
export function MemberSessionsDialog({
  member,
  onClose,
}: {
  member: { id: string; fullName: string } | null;
  onClose: () => void;
}) {
  const sessions = useMemberSessions(member?.id ?? "", member !== null);
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState(false);

  async function endAll() {
    if (!member) return;
    setEnding(true);
    try {
      await apiRequest("DELETE", `/api/users/${member.id}/sessions`);
      toast({ title: "Sessions ended", description: `${member.fullName} is signed out everywhere.` });
      await Promise.all(
        [securityKeys.memberSessions(member.id), adminKeys.activity].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (error) {
      toastError("Could not end the sessions", error, "Please try again");
    } finally {
      setEnding(false);
    }
  }

  return (
    <DialogShell
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Sessions of ${member?.fullName ?? ""}`}
      description="Devices signed in to this account. Ending them signs the member out on every device."
      className="sm:max-w-xl"
    >
      {sessions.isPending ? (
        <p className="text-sm text-muted-foreground">Loading sessions...</p>
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">Failed to load sessions</p>
      ) : (
        <SessionList sessions={sessions.data} />
      )}
      <div className="flex justify-end">
        <Button
          type="button"
          variant="destructive"
          disabled={ending || !sessions.data?.length}
          onClick={() => void endAll()}
        >
          {ending ? "Ending..." : "End all sessions"}
        </Button>
      </div>
    </DialogShell>
  );
}
