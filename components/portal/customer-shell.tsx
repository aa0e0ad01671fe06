import Link from "next/link";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { PRODUCT_NAME } from "@/lib/site/product";

/**
 * The frame of the pages customers reach without signing in to the workspace (the portal, the
 * rating page): the support team's name first, the product only as "Powered by".
 */
export function CustomerShell({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between border-b px-4">
        <span className="font-semibold">{title}</span>
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
      <main className={`mx-auto w-full ${wide ? "max-w-3xl" : "max-w-xl"} flex-1 px-4 py-8`}>{children}</main>
    </div>
  );
}
