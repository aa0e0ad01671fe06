import Link from "next/link";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/site/product";

/**
 * The site's footer. The waitlist sign-up is passed in by the pages that show it, so a page
 * without it (the 404 page, which every page's bundle carries) does not load its script.
 */
export function SiteFooter({ signUp, signedIn = false }: { signUp?: ReactNode; signedIn?: boolean }) {
  return (
    <footer className="border-t">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-2">
        {signUp ? (
          <div className="grid gap-2">
            <h2 className="font-semibold">Stay in the loop</h2>
            {signUp}
          </div>
        ) : (
          <div />
        )}
        <nav aria-label="Footer" className="flex items-start gap-4 text-sm sm:justify-end">
          <Link href="/pricing" className="hover:underline">
            Pricing
          </Link>
          <Link href="/privacy" className="hover:underline">
            Privacy
          </Link>
          <Link href={signedIn ? "/app" : "/login"} className="hover:underline">
            {signedIn ? "Open the app" : "Login"}
          </Link>
        </nav>
      </div>
      <p className="border-t py-6 text-center text-sm text-muted-foreground">
        &copy; {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
