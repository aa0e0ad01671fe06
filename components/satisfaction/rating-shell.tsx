import Link from "next/link";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { PRODUCT_NAME } from "@/lib/site/product";

/** The rating page's frame, branded like the customer portal: the support team's name first. */
export function RatingShell({ organizationName, children }: { organizationName: string | null; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between border-b px-4">
        <span className="font-semibold">{organizationName ?? "Customer feedback"}</span>
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
      <main className="mx-auto w-full max-w-xl flex-1 px-4 py-8">{children}</main>
    </div>
  );
}
