import Link from "next/link";
import type { ReactNode } from "react";
import { LifeBuoy } from "lucide-react";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { PRODUCT_NAME } from "@/lib/site/product";
import { helpPaths } from "@/lib/site/help-paths";

/** The frame of every help center page: the organisation's name first, the product only as "Powered by". */
export function HelpShell({ org, name, children }: { org: string; name: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4">
          <a href={helpPaths(org).home} className="flex min-w-0 items-center gap-2 font-semibold">
            <LifeBuoy aria-hidden className="size-5 shrink-0 text-primary" />
            <span className="truncate">{name}</span>
            <span className="hidden font-normal text-muted-foreground sm:inline">Help Center</span>
          </a>
          <div className="flex items-center gap-1">
            <a
              href={`/portal?org=${encodeURIComponent(org)}`}
              className="rounded-md px-3 py-2 text-sm font-medium hover:bg-accent"
            >
              Contact us
            </a>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground">
          <span>© {name}</span>
          <span>
            Powered by{" "}
            <Link href="/" prefetch={false} className="hover:text-foreground hover:underline">
              {PRODUCT_NAME}
            </Link>
          </span>
        </div>
      </footer>
    </div>
  );
}
