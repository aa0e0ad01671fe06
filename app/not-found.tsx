import type { Metadata } from "next";
import Link from "next/link";
import { SiteFooter } from "@/components/marketing/site-footer";
import { SiteHeader } from "@/components/marketing/site-header";
import { Button } from "@/components/ui/button";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** Any unknown address: the site's own header, footer and theme, and a way back (to the app when signed in). */
export default async function NotFound() {
  const signedIn = (await getCurrentUser()) !== null;
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader signedIn={signedIn} />
      <main id="main" className="grid flex-1 place-items-center px-4 py-24">
        <div className="grid max-w-md gap-4 text-center">
          <p className="text-sm font-semibold text-primary">404</p>
          <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
          <p className="text-muted-foreground">
            The page you are looking for does not exist or has moved. Check the address, or go back to your tickets.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href="/app">Go to your tickets</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/">Home</Link>
            </Button>
          </div>
        </div>
      </main>
      <SiteFooter signedIn={signedIn} />
    </div>
  );
}
