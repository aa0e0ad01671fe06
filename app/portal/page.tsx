import type { Metadata } from "next";
import { PortalClient } from "@/components/portal/portal-client";
import { AppProviders } from "@/components/providers/app-providers";
import { CustomerShell } from "@/components/portal/customer-shell";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { findPortalOrganization } from "@/lib/services/portal/access";

export const metadata: Metadata = { title: "Support portal", robots: { index: false } };
export const dynamic = "force-dynamic";

/** /portal?org=<slug>: one organisation's customer portal (the only one when exactly one exists). */
export default async function PortalPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).org;
  const slug = typeof raw === "string" && /^[a-z0-9-]{1,60}$/i.test(raw.trim()) ? raw.trim().toLowerCase() : undefined;
  const organization = raw !== undefined && !slug ? null : await findPortalOrganization(slug);

  return (
    <CustomerShell title={organization ? organization.name : "Support portal"} wide>
      {organization ? (
        <AppProviders>
          <PortalClient slug={organization.slug} organizationName={organization.name} />
        </AppProviders>
      ) : (
        <Card className="mx-auto max-w-md">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              Portal not found
            </CardTitle>
            <CardDescription>
              We couldn&apos;t tell which support team this portal belongs to. Please use the portal link from your
              support team&apos;s email.
            </CardDescription>
          </CardHeader>
        </Card>
      )}
    </CustomerShell>
  );
}
