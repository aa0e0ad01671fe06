"use client";

import { formatDistanceToNow } from "date-fns";
import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { MailboxDialog } from "./mailbox-dialog";
import {
  useRemoveSupportEmail,
  useResendVerification,
  useToggleSupportEmail,
  type MailboxJson,
  type SupportEmailJson,
} from "./queries";

/** Whether the organisation proved it receives mail at the address, and a way to ask again. */
function Confirmation({ entry, canManage }: { entry: SupportEmailJson; canManage: boolean }) {
  const resend = useResendVerification(entry.id, {
    onSuccess: () => toast({ title: "Confirmation sent", description: `Check the inbox of ${entry.email}.` }),
    onError: (error) => toastError("Error", error, "Failed to send the confirmation link"),
  });
  if (entry.verifiedAt) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 px-3 py-2 text-xs">
      <p className="min-w-0 flex-1 basis-56 text-muted-foreground">
        We sent a confirmation link to this address. Mail sent to it becomes tickets once someone there follows the
        link.
      </p>
      {canManage && (
        <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? "Sending..." : "Resend confirmation"}
        </Button>
      )}
    </div>
  );
}

function MailboxState({ mailbox }: { mailbox: MailboxJson | null }) {
  if (!mailbox) return <p className="min-w-0 flex-1 text-xs text-muted-foreground">No mailbox connected.</p>;
  const checked = mailbox.lastPolledAt
    ? `last checked ${formatDistanceToNow(new Date(mailbox.lastPolledAt), { addSuffix: true })}`
    : "not checked yet";
  return (
    <div className="grid min-w-0 flex-1 basis-48 gap-0.5 text-xs" data-testid="mailbox-state">
      <p className="truncate text-muted-foreground">
        Reading {mailbox.folder} at {mailbox.host} · {checked}
      </p>
      {mailbox.lastError && <p className="font-medium text-destructive">Last check failed: {mailbox.lastError}</p>}
    </div>
  );
}

export function SupportEmailRow({ entry, canManage }: { entry: SupportEmailJson; canManage: boolean }) {
  const toggle = useToggleSupportEmail(entry.id, {
    onSuccess: (updated) =>
      toast({
        title: "Status updated",
        description: `${updated.email} is now ${updated.isActive ? "active" : "inactive"}.`,
      }),
    onError: (error) => toastError("Error", error, "Failed to update support email status"),
  });
  const remove = useRemoveSupportEmail(entry.id, {
    onSuccess: () =>
      toast({ title: "Support email removed", description: `${entry.email} no longer receives tickets.` }),
    onError: (error) => toastError("Error", error, "Failed to remove support email address"),
  });
  return (
    <li className="grid gap-3 rounded-lg border p-3" data-testid="support-email">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
          <span className="truncate text-sm font-medium">{entry.email}</span>
          <span className="truncate text-xs text-muted-foreground">{entry.displayName}</span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={entry.verifiedAt ? "success" : "warning"}>
            {entry.verifiedAt ? "Verified" : "Waiting for confirmation"}
          </Badge>
          <Badge variant={entry.isActive ? "success" : "secondary"}>{entry.isActive ? "Active" : "Inactive"}</Badge>
          <div className="flex items-center gap-1">
            <Switch
              checked={entry.isActive}
              disabled={!canManage || toggle.isPending}
              onCheckedChange={() => toggle.mutate()}
              aria-label={`Active: ${entry.email}`}
            />
            {canManage && (
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" size="icon" aria-label={`Remove ${entry.email}`} disabled={remove.isPending}>
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                }
                title="Remove support email?"
                description={`Mail sent to ${entry.email} will no longer create tickets. You can add it again later.`}
                confirm="Remove"
                onConfirm={() => remove.mutate()}
              />
            )}
          </div>
        </div>
      </div>
      <Confirmation entry={entry} canManage={canManage} />
      {canManage && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <MailboxState mailbox={entry.imapMailbox} />
          <MailboxDialog entry={entry} />
        </div>
      )}
    </li>
  );
}
