import Link from "next/link";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { PRODUCT_NAME } from "@/lib/site/product";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between px-4">
        <Link href="/" className="font-semibold">
          {PRODUCT_NAME}
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-md">
          <AppProviders>{children}</AppProviders>
        </div>
      </main>
    </div>
  );
}
