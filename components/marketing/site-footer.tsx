import Link from "next/link";
import { PRODUCT_NAME } from "@/lib/site/product";
import { FooterWaitlist } from "./footer-waitlist";

export function SiteFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-2">
        <div className="grid gap-2">
          <h2 className="font-semibold">Stay in the loop</h2>
          <FooterWaitlist />
        </div>
        <nav aria-label="Footer" className="flex items-start gap-4 text-sm sm:justify-end">
          <Link href="/pricing" className="hover:underline">
            Pricing
          </Link>
          <Link href="/privacy" className="hover:underline">
            Privacy
          </Link>
          <Link href="/login" className="hover:underline">
            Login
          </Link>
        </nav>
      </div>
      <p className="border-t py-6 text-center text-sm text-muted-foreground">
        &copy; {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
