"use client";

import { format } from "date-fns";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TwoFactorPolicyCard } from "@/components/security/two-factor-policy-card";
import { SsoSettingsCard } from "@/components/security/sso-settings-card";
import { MailSignatureCard } from "./mail-signature-card";
import { SupportEmailsCard } from "./support-emails-card";
import { useOrganization } from "./queries";

export function OrganizationTab({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const org = useOrganization(organizationId);
  if (org.isPending) return <p className="text-sm text-muted-foreground">Loading organization...</p>;
  if (org.isError) return <p className="text-sm text-destructive">Failed to load the organization</p>;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Organization</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="grid gap-1">
            <span className="text-muted-foreground">Name</span>
            <span className="font-medium" data-testid="organization-name">
              {org.data.name}
            </span>
          </div>
          <div className="grid gap-1">
            <span className="text-muted-foreground">Created</span>
            <span className="font-medium">{format(new Date(org.data.createdAt), "MMM d, yyyy")}</span>
          </div>
        </CardContent>
      </Card>
      <SupportEmailsCard organization={org.data} canManage={canManage} />
      <MailSignatureCard organization={org.data} />
      <TwoFactorPolicyCard organizationId={org.data.id} />
      <SsoSettingsCard organizationId={org.data.id} />
    </div>
  );
}
