"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { adminKeys } from "@/components/admin/queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { options } from "@/components/ui/option-select";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/components/ui/toast-error";
import { toast } from "@/components/ui/use-toast";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useCurrentUser } from "@/components/users/use-current-user";
import { ApiError, apiRequest } from "@/lib/http/client/api";
import { can } from "@/lib/permissions/table";
import { NEW_ACCOUNTS, ssoSettingsSchema, type NewAccounts, type SsoSettings } from "@/lib/schemas/sso";
import { ssoKey, useSsoSettings } from "./sso-queries";

const NEW_ACCOUNT_LABELS: Record<NewAccounts, string> = {
  refuse: "Existing accounts only",
  create_agent: "New people join as agents",
};

function SsoForm({ organizationId, settings }: { organizationId: string; settings: SsoSettings }) {
  const queryClient = useQueryClient();
  const provider = settings.provider;
  const form = useZodForm(ssoSettingsSchema, {
    issuer: provider?.issuer ?? "",
    clientId: provider?.clientId ?? "",
    clientSecret: "",
    domains: provider?.domains ?? [],
    newAccounts: provider?.newAccounts ?? ("refuse" as NewAccounts),
    providerOnly: provider?.providerOnly ?? false,
  });
  const [busy, setBusy] = useState(false);
  // The domains it may cover: the verified ones, and any it covers already.
  const choices = [...new Set([...settings.verifiedDomains, ...(provider?.domains ?? [])])].sort();

  async function send(method: "PUT" | "DELETE", body?: unknown) {
    setBusy(true);
    try {
      const res = await apiRequest(method, `/api/organizations/${organizationId}/sso`, body);
      queryClient.setQueryData(ssoKey(organizationId), (await res.json()) as SsoSettings);
      void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict")
        form.setError("domains", error.message.replace(/^\d+: /, ""));
      toastError("Could not save", error, "Please try again");
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error");
    if (!parsed) return;
    const { clientSecret, ...rest } = parsed;
    if (await send("PUT", { ...rest, ...(clientSecret ? { clientSecret } : {}) }))
      toast({ title: provider ? "Single sign-on saved" : "Single sign-on set up" });
  }

  async function remove() {
    if (await send("DELETE")) toast({ title: "Single sign-on removed" });
  }

  const toggleDomain = (domain: string, on: boolean) =>
    form.setValue("domains", on ? [...form.values.domains, domain] : form.values.domains.filter((d) => d !== domain));

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-4 md:grid-cols-2">
        {/* Rows of their own: a URL, and a select as wide as its longest choice (labels kept short for phones). */}
        <div className="md:col-span-2">
          <Field id="sso-issuer" label="Issuer URL" required error={form.errors.issuer}>
            <Input id="sso-issuer" type="url" placeholder="https://login.example.com" {...form.text("issuer")} />
          </Field>
        </div>
        <Field id="sso-client-id" label="Client ID" required error={form.errors.clientId}>
          <Input id="sso-client-id" autoComplete="off" {...form.text("clientId")} />
        </Field>
        <Field
          id="sso-client-secret"
          label="Client secret"
          required={!provider}
          hint={provider?.hasSecret ? "Kept sealed. Leave empty to keep it, or type a new one." : undefined}
          error={form.errors.clientSecret}
        >
          <Input
            id="sso-client-secret"
            type="password"
            autoComplete="new-password"
            placeholder={provider?.hasSecret ? "••••••••" : ""}
            {...form.text("clientSecret")}
          />
        </Field>
        <div className="md:col-span-2">
          <SelectField
            id="sso-new-accounts"
            label="Who may sign in the first time"
            value={form.values.newAccounts}
            options={options(NEW_ACCOUNTS, NEW_ACCOUNT_LABELS)}
            onChange={(value) => form.setValue("newAccounts", value as NewAccounts)}
          />
        </div>
      </div>
      <fieldset className="grid gap-2" aria-describedby="sso-domains-hint">
        <legend className="mb-2 text-sm font-medium">Email domains</legend>
        {choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Verify a support address at your company&apos;s domain first: single sign-on covers only domains you have
            proved are yours.
          </p>
        ) : (
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {choices.map((domain) => (
              <label key={domain} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={form.values.domains.includes(domain)}
                  onCheckedChange={(checked) => toggleDomain(domain, checked === true)}
                />
                <span className="break-all">{domain}</span>
              </label>
            ))}
          </div>
        )}
        <p id="sso-domains-hint" className="text-sm text-muted-foreground">
          People whose email is on a chosen domain sign in through your identity provider.
        </p>
        {form.errors.domains && <p className="text-sm text-destructive">{form.errors.domains}</p>}
      </fieldset>
      <div className="flex items-start gap-3">
        <Switch
          id="sso-provider-only"
          checked={form.values.providerOnly}
          onCheckedChange={(checked) => form.setValue("providerOnly", checked)}
        />
        <label htmlFor="sso-provider-only" className="grid gap-1 text-sm">
          <span className="font-medium">Only way in for these domains</span>
          <span className="text-muted-foreground">
            Passwords stop working for your team on these domains: they sign in with SSO.
          </span>
        </label>
      </div>
      <div className="grid gap-1 text-sm">
        <span className="font-medium">Redirect URI</span>
        <span className="text-muted-foreground">Register this address with your identity provider:</span>
        <code className="rounded-md border bg-muted px-2 py-1 break-all" data-testid="sso-redirect-uri">
          {settings.redirectUri}
        </code>
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={busy} pendingLabel="Saving...">
          {provider ? "Save Single Sign-On" : "Set Up Single Sign-On"}
        </SubmitButton>
        {provider && (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline" disabled={busy}>
                Remove
              </Button>
            }
            title="Remove single sign-on?"
            description="Everyone signs in with their password again. People who never had one use Forgot password."
            confirm="Remove"
            onConfirm={() => void remove()}
          />
        )}
      </div>
    </form>
  );
}

/** Settings > Organization: the organisation's OpenID Connect provider (admins only). */
export function SsoSettingsCard({ organizationId }: { organizationId: string }) {
  const allowed = can(useCurrentUser(), "organization.security");
  const settings = useSsoSettings(organizationId, allowed);
  if (!allowed) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
          Single Sign-On
          {settings.data?.provider && <Badge variant="success">On</Badge>}
        </CardTitle>
        <CardDescription>Your team signs in with your identity provider (OpenID Connect).</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : settings.isError ? (
          <p className="text-sm text-destructive">Failed to load single sign-on</p>
        ) : (
          // A saved or removed provider starts the form again from what the server now holds.
          <SsoForm
            key={settings.data.provider?.updatedAt ?? "none"}
            organizationId={organizationId}
            settings={settings.data}
          />
        )}
      </CardContent>
    </Card>
  );
}
