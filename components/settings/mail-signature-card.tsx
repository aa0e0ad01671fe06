"use client";

import { type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useCurrentUser } from "@/components/users/use-current-user";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { can } from "@/lib/permissions/table";
import { MAIL_SIGNATURE_MAX, mailSignatureSchema } from "@/lib/schemas/organizations";
import { organizationKeys, type OrganizationJson } from "./queries";

const DESCRIPTION = "Closes every reply and status email your customers receive.";

/** Saves the signature; the organisation's card and the activity log show the change. */
function useSaveSignature(organizationId: string, onSaved: (organization: OrganizationJson) => void) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async (signature: string) =>
      (
        await apiRequest("PUT", `/api/organizations/${organizationId}/signature`, { signature })
      ).json() as Promise<OrganizationJson>,
    () =>
      Promise.all(
        [organizationKeys.all, adminKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    {
      onSuccess: onSaved,
      onError: (error) => toastError("Error", error, "Failed to save the signature"),
    },
  );
}

function SignatureForm({ organization }: { organization: OrganizationJson }) {
  const form = useZodForm(mailSignatureSchema, { signature: organization.mailSignature });
  const save = useSaveSignature(organization.id, (saved) => {
    // The server's own form of the text (trimmed, line breaks made plain) is what mail will carry.
    form.setValue("signature", saved.mailSignature);
    toast({ title: saved.mailSignature ? "Signature saved" : "Signature removed" });
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error");
    if (parsed) save.mutate(parsed.signature);
  }

  const length = form.values.signature.length;
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <Field
        id="mail-signature"
        label="Signature"
        hint={`Plain text; line breaks are kept. ${length.toLocaleString("en-US")} of ${MAIL_SIGNATURE_MAX.toLocaleString("en-US")} characters.`}
        error={form.errors.signature}
      >
        <Textarea
          id="mail-signature"
          rows={4}
          placeholder={"The Acme Support team\nhttps://acme.example/help"}
          {...form.text("signature")}
        />
      </Field>
      <div>
        <SubmitButton
          pending={save.isPending}
          pendingLabel="Saving..."
          disabled={form.values.signature === organization.mailSignature}
        >
          Save Signature
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * Settings > Organization: the signature at the end of the mails customers receive. Admins
 * write it; the rest of the team sees what their replies are signed with.
 */
export function MailSignatureCard({ organization }: { organization: OrganizationJson }) {
  const mayChange = can(useCurrentUser(), "organization.signature");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Email Signature</CardTitle>
        <CardDescription>{DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>
        {mayChange ? (
          <SignatureForm organization={organization} />
        ) : organization.mailSignature ? (
          <p className="text-sm whitespace-pre-line" data-testid="mail-signature">
            {organization.mailSignature}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No signature yet. An admin can add one here.</p>
        )}
      </CardContent>
    </Card>
  );
}
