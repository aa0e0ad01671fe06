import type { Metadata } from "next";
import Link from "next/link";
import { PortalClient } from "@/components/portal/portal-client";
import { AppProviders } from "@/components/providers/app-providers";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PRODUCT_NAME } from "@/lib/site/product";
import { findPortalOrganization } from "@/lib/services/portal-access";

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
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between border-b px-4">
        <span className="font-semibold">{organization ? organization.name : "Support portal"}</span>
        <div className="flex items-center gap-3">
          <span className="hidden text-xs text-muted-foreground sm:inline">
            Powered by{" "}
            <Link href="/" className="hover:underline">
              {PRODUCT_NAME}
            </Link>
          </span>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
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
      </main>
    </div>
  );
}
