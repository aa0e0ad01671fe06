import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { RatingCard } from "@/components/satisfaction/rating-card";
import { CustomerShell } from "@/components/portal/customer-shell";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { clientIp } from "@/lib/http/server/client-ip";
import { scoreFromQuery } from "@/lib/satisfaction/rating-link";
import { openRatingPage } from "@/lib/services/satisfaction/ratings";

// The token is in the address: no Referer may carry it to another page or site.
export const metadata: Metadata = { title: "How did we do?", robots: { index: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/**
 * /rate/{token}?score=good|bad: the page a "How did we do?" mail link opens, no sign-in.
 * Opening it records nothing: mail scanners and link previews fetch every link of a mail
 * (Good and Bad alike), so a vote on GET would count machines. The score from the link is
 * chosen already and one click on "Send rating" records it, with an optional comment.
 */
export default async function RatePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const chosen = scoreFromQuery((await searchParams).score);
  const found = await openRatingPage(token, clientIp({ headers: await headers() }));
  if (found.kind === "not_found") notFound();
  if (found.kind === "throttled") {
    return (
      <CustomerShell title="Customer feedback">
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              Too many attempts
            </CardTitle>
            <CardDescription>Too many attempts. Please try again later.</CardDescription>
          </CardHeader>
        </Card>
      </CustomerShell>
    );
  }
  return (
    <CustomerShell title={found.view.organizationName}>
      <RatingCard token={token} initial={found.view} chosen={chosen} />
    </CustomerShell>
  );
}
