"use client";

import type { FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { INVITE_ROLE_LABELS } from "@/lib/permissions/labels";
import { DEFAULT_INVITE_ROLE, INVITE_ROLES, type InviteRole } from "@/lib/permissions/rules";
import { teamInviteSchema } from "@/lib/schemas/invites";
import { cn } from "@/lib/utils";
import { useInvalidateInvites } from "./queries";

/**
 * Email and role of one teammate to invite (POST /api/team-invites). In a row on a wide card,
 * one field under the other in a dialog (`stacked`); `onSent` runs once the invitation is out.
 */
export function InviteForm({ stacked = false, onSent }: { stacked?: boolean; onSent?: () => void }) {
  const invalidate = useInvalidateInvites();
  const form = useZodForm(teamInviteSchema, { email: "", role: DEFAULT_INVITE_ROLE as InviteRole });
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to send invitation", stays: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error");
    if (!parsed) return;
    await request.run(async () => {
      await apiRequest("POST", "/api/team-invites", parsed);
      toast({ title: "Invitation sent", description: `An invitation has been sent to ${parsed.email}.` });
      form.reset();
      await invalidate();
      onSent?.();
    });
  }

  return (
    <form
      onSubmit={submit}
      className={cn("grid gap-4", !stacked && "sm:grid-cols-[1fr_12rem_auto] sm:items-start")}
      noValidate
    >
      <Field id="invite-email" label="Email address" required error={form.errors.email}>
        <Input
          id="invite-email"
          type="email"
          autoComplete="off"
          placeholder="teammate@company.com"
          {...form.text("email")}
        />
      </Field>
      <Field id="invite-role" label="Role">
        <Select value={form.values.role} onValueChange={(value) => form.setValue("role", value as InviteRole)}>
          <SelectTrigger id="invite-role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {INVITE_ROLES.map((value) => (
              <SelectItem key={value} value={value}>
                {INVITE_ROLE_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <SubmitButton
        pending={request.pending}
        pendingLabel="Sending..."
        className={stacked ? "justify-self-end" : "sm:mt-[1.375rem]"}
      >
        Send Invitation
      </SubmitButton>
    </form>
  );
}
