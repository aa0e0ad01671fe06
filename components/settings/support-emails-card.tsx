"use client";

import type { FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { countAgainst } from "@/lib/format/count-against";
import { PLANS, UNLIMITED, withinLimit } from "@/lib/plans/limits";
import { createSupportEmailSchema } from "@/lib/schemas/support-emails";
import { useAddSupportEmail, type OrganizationJson } from "./queries";
import { SupportEmailRow } from "./support-email-row";

function AddSupportEmailForm({ organizationId }: { organizationId: string }) {
  const form = useZodForm(createSupportEmailSchema, { email: "", displayName: "" });
  const add = useAddSupportEmail({
    onSuccess: (created) => {
      toast({
        title: "Support email added",
        description: `We sent a confirmation link to ${created.email}. Mail to it becomes tickets once it is confirmed.`,
      });
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
