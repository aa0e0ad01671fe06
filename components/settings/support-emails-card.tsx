"use client";

import { Trash2 } from "lucide-react";
import type { FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { countAgainst } from "@/lib/format/count-against";
import { PLANS, UNLIMITED, withinLimit } from "@/lib/plans/limits";
import { createSupportEmailSchema } from "@/lib/schemas/support-emails";
import {
  useAddSupportEmail,
  useRemoveSupportEmail,
  useToggleSupportEmail,
  type OrganizationJson,
  type SupportEmailJson,
} from "./queries";

function SupportEmailRow({ entry, canManage }: { entry: SupportEmailJson; canManage: boolean }) {
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
    <li className="flex items-center gap-3 rounded-lg border p-3" data-testid="support-email">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium">{entry.email}</span>
        <span className="truncate text-xs text-muted-foreground">{entry.displayName}</span>
      </div>
      <Badge variant={entry.isActive ? "success" : "secondary"}>{entry.isActive ? "Active" : "Inactive"}</Badge>
      <Switch
        checked={entry.isActive}
        disabled={!canManage || toggle.isPending}
        onCheckedChange={() => toggle.mutate()}
        aria-label={`Active: ${entry.email}`}
      />
      {canManage && (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Remove ${entry.email}`} disabled={remove.isPending}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Remove support email?</AlertDialogTitle>
              <AlertDialogDescription>
                Mail sent to {entry.email} will no longer create tickets. You can add it again later.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={() => remove.mutate()}>Remove</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </li>
  );
}

function AddSupportEmailForm({ organizationId }: { organizationId: string }) {
  const form = useZodForm(createSupportEmailSchema, { email: "", displayName: "" });
  const add = useAddSupportEmail({
    onSuccess: (created) => {
      toast({ title: "Support email added", description: `${created.email} now receives tickets.` });
      form.reset();
    },
    onError: (error) => toastError("Error", error, "Failed to add support email address"),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error", { organizationId });
    if (parsed) add.mutate({ email: parsed.email, displayName: parsed.displayName, organizationId });
  }

  const empty = !form.values.email.trim() || !form.values.displayName.trim();
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-lg border border-dashed p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      noValidate
    >
      <Field id="support-email" label="Email address">
        <Input id="support-email" type="email" placeholder="support@yourcompany.com" {...form.text("email")} />
      </Field>
      <Field id="support-display-name" label="Display name">
        <Input id="support-display-name" placeholder="Customer Support" {...form.text("displayName")} />
      </Field>
      <Button type="submit" disabled={empty || add.isPending}>
        {add.isPending ? "Adding..." : "Add Email"}
      </Button>
    </form>
  );
}

/** Settings > Organization: the support addresses, with the plan's limit. */
export function SupportEmailsCard({ organization, canManage }: { organization: OrganizationJson; canManage: boolean }) {
  const emails = organization.supportEmails;
  const limit = PLANS[organization.plan].supportEmails;
  const room = withinLimit(limit, emails.length);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Support Email Addresses</CardTitle>
          <CardDescription>Mail sent to these addresses becomes tickets for your team.</CardDescription>
        </div>
        <Badge
          variant="outline"
          data-testid="support-email-count"
          title={`${emails.length} of ${limit === UNLIMITED ? "unlimited" : limit} support email addresses used`}
        >
          {countAgainst(emails.length, limit)}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        {emails.length === 0 ? (
          <p className="text-sm text-muted-foreground">No support email addresses yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Support email addresses">
            {emails.map((entry) => (
              <SupportEmailRow key={entry.id} entry={entry} canManage={canManage} />
            ))}
          </ul>
        )}
        {canManage &&
          (room ? (
            <AddSupportEmailForm organizationId={organization.id} />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-4">
              <p className="text-sm">
                You&apos;ve reached your {PLANS[organization.plan].name} plan&apos;s limit of {limit} support email
                address{limit === 1 ? "" : "es"}.
              </p>
              <UpgradeDialog label="Upgrade to Add More" variant="default" />
            </div>
          ))}
        {!canManage && (
          <p className="text-sm text-muted-foreground">Contact your administrator to change support email addresses.</p>
        )}
      </CardContent>
    </Card>
  );
}
