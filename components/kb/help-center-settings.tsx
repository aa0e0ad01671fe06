"use client";

import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { errorMessage } from "@/lib/http/client/api";
import { useKbSettings, useUpdateKbSettings, type KbSettings } from "./queries";

const SWITCHES: { key: "helpCenterEnabled" | "receiptSuggestsArticles"; label: string; hint: string }[] = [
  {
    key: "helpCenterEnabled",
    label: "Help center on",
    hint: "Published articles are public at your help center's address. Off, every page of it is gone.",
  },
  {
    key: "receiptSuggestsArticles",
    label: "Suggest articles in the ticket received email",
    hint: "A ticket that came by email is answered with up to three published articles that match it.",
  },
];

/** Admins: whether the help center is public, and whether receipt mails suggest articles. */
export function HelpCenterSettings() {
  const settings = useKbSettings();
  const update = useUpdateKbSettings({
    onSuccess: () => toast({ title: "Help center settings saved" }),
    onError: (error) => toastError("Could not save the settings", error, "Please try again later"),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Help center</CardTitle>
        <CardDescription>Your public knowledge base, where customers find answers before they write.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.isPending ? (
          <p className="text-sm text-muted-foreground">Loading settings...</p>
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the settings: {errorMessage(settings.error, "please try again later")}
          </p>
        ) : (
          <>
            {SWITCHES.map(({ key, label, hint }) => (
              <div key={key} className="flex items-start gap-3">
                <Switch
                  id={`kb-${key}`}
                  checked={settings.data[key]}
                  disabled={update.isPending}
                  onCheckedChange={(on) => update.mutate({ [key]: on } as Partial<KbSettings>)}
                  aria-describedby={`kb-${key}-hint`}
                />
                <div className="grid gap-1">
                  <Label htmlFor={`kb-${key}`}>{label}</Label>
                  <p id={`kb-${key}-hint`} className="text-sm text-muted-foreground">
                    {hint}
                  </p>
                </div>
              </div>
            ))}
            <div className="flex flex-wrap items-center gap-2 border-t pt-4 text-sm">
              <span className="text-muted-foreground">Address:</span>
              <code className="rounded bg-muted px-1.5 py-0.5 break-all">{settings.data.helpCenterUrl}</code>
              {settings.data.helpCenterEnabled && (
                <Button asChild variant="outline" size="sm">
                  <a href={settings.data.helpCenterUrl} target="_blank" rel="noreferrer">
                    <ExternalLink aria-hidden /> Open help center
                  </a>
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
