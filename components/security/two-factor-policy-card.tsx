"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { adminKeys } from "@/components/admin/queries";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/components/ui/toast-error";
import { toast } from "@/components/ui/use-toast";
import { useCurrentUser } from "@/components/users/use-current-user";
import { apiRequest } from "@/lib/http/client/api";
import { can } from "@/lib/permissions/table";
import type { TwoFactorPolicy } from "@/lib/schemas/two-factor";
import { securityKeys, useTwoFactorPolicy } from "./queries";

function PolicyForm({ organizationId }: { organizationId: string }) {
  const policy = useTwoFactorPolicy(organizationId);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function change(requireTwoFactor: boolean) {
    setSaving(true);
    try {
      const res = await apiRequest("PUT", `/api/organizations/${organizationId}/two-factor`, { requireTwoFactor });
      queryClient.setQueryData(securityKeys.policy(organizationId), (await res.json()) as TwoFactorPolicy);
      void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
      toast({ title: requireTwoFactor ? "Two-factor sign-in required" : "Two-factor sign-in optional" });
    } catch (error) {
      toastError("Could not save", error, "Please try again");
    } finally {
      setSaving(false);
    }
  }

  if (policy.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (policy.isError) return <p className="text-sm text-destructive">Failed to load the two-factor policy</p>;
  const { requireTwoFactor, members } = policy.data;
  const enrolled = members.filter((member) => member.twoFactor).length;
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3">
        <Switch
          id="require-two-factor"
          checked={requireTwoFactor}
          disabled={saving}
          onCheckedChange={(checked) => void change(checked)}
        />
        <label htmlFor="require-two-factor" className="grid gap-1 text-sm">
          <span className="font-medium">Require two-factor sign-in for everyone</span>
          <span className="text-muted-foreground">
            Members without it are asked to set it up at their next sign-in, before anything else.
          </span>
        </label>
      </div>
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          {enrolled} of {members.length} team members use two-factor sign-in.
        </p>
        <ul className="divide-y rounded-md border text-sm" data-testid="two-factor-members">
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-2 p-2">
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">{member.fullName}</span>{" "}
                <span className="text-muted-foreground">{member.email}</span>
              </span>
              <Badge variant={member.twoFactor ? "success" : "warning"}>
                {member.twoFactor ? "Two-factor on" : "Not set up"}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Settings > Organization: whether the organisation requires two-factor sign-in (admins only), and who has it. */
export function TwoFactorPolicyCard({ organizationId }: { organizationId: string }) {
  if (!can(useCurrentUser(), "organization.security")) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-in Security</CardTitle>
        <CardDescription>
          Ask every team member for a code from an authenticator app after their password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PolicyForm organizationId={organizationId} />
      </CardContent>
    </Card>
  );
}
