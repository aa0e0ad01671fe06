"use client";

import { format } from "date-fns";
import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";
import { useInvalidateInvites, usePendingInvites, type PendingInviteJson } from "./queries";
import { RevokeInviteButton } from "./revoke-invite-button";
import { RoleBadge } from "./role-badge";

/** The invitations not yet accepted, each with its expiry and a way to revoke it (nothing while there are none). */
export function PendingInvites() {
  const invalidate = useInvalidateInvites();
  const invites = usePendingInvites();
  const [revoking, setRevoking] = useState<string | null>(null);
  if (!invites.data?.length) return null;

  async function revoke(invite: PendingInviteJson) {
    setRevoking(invite.id);
    try {
      await apiRequest("DELETE", `/api/team-invites/${invite.id}`);
      toast({ title: "Invitation revoked", description: `${invite.email} can no longer use the invitation link.` });
      await invalidate();
    } catch (error) {
      toastError("Error", error, "Failed to revoke invitation");
    } finally {
      setRevoking(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pending Invitations</CardTitle>
        <CardDescription>Each pending invitation holds a seat until it is accepted or expires.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Pending invitations">
          {invites.data.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="grid min-w-0">
                <span className="font-medium break-all">{invite.email}</span>
                <span className="text-sm text-muted-foreground">
                  Expires {format(new Date(invite.expiresAt), "MMM d, yyyy")}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <RoleBadge role={invite.role} />
                <RevokeInviteButton
                  email={invite.email}
                  disabled={revoking === invite.id}
                  onRevoke={() => revoke(invite)}
                />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
