"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";
import type { NotificationPreferences } from "@/lib/schemas/notifications";

const KEY = ["/api/users/notifications"] as const;

/** Profile (admins): the weekly summary email of the organisation's reports, off until turned on. */
export function WeeklySummaryCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery<NotificationPreferences>({ queryKey: KEY });
  const change = useMutation({
    mutationFn: async (weeklySummaryEmail: boolean) =>
      (await (
        await apiRequest("PUT", "/api/users/notifications", { weeklySummaryEmail })
      ).json()) as NotificationPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast({ title: saved.weeklySummaryEmail ? "Weekly summary email on" : "Weekly summary email off" });
    },
    onError: (error) => toastError("Not changed", error, "The weekly summary email could not be changed."),
  });
  const on = change.isPending ? change.variables : preferences.data?.weeklySummaryEmail;

  return (
    <Card id="weekly-summary">
      <CardHeader>
        <CardTitle as="h2">Email</CardTitle>
        <CardDescription>Mail about your organization, beside the mail about your own tickets.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {preferences.isError ? (
          <p className="text-destructive">Failed to load your email settings</p>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor="weekly-summary-email">Weekly summary email</Label>
              <p id="weekly-summary-email-help" className="text-muted-foreground">
                Every Monday morning: last week&apos;s tickets created and solved, first response time and SLA
                compliance, each against the week before.
              </p>
            </div>
            <Switch
              id="weekly-summary-email"
              aria-describedby="weekly-summary-email-help"
              checked={on ?? false}
              disabled={preferences.isPending || change.isPending}
              onCheckedChange={(checked) => change.mutate(checked)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
