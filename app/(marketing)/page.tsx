import Link from "next/link";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PRODUCT_NAME } from "@/lib/product";

export default function HomePage() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Link href="/" className="text-lg font-semibold">
            {PRODUCT_NAME}
          </Link>
          <nav className="flex items-center gap-2" aria-label="Main">
            <Button asChild variant="ghost">
              <Link href="/pricing">Pricing</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link href="/login">Login</Link>
            </Button>
            <Button asChild>
              <Link href="/register">Sign up</Link>
            </Button>
            <ThemeToggle />
          </nav>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center justify-center gap-6 px-4 py-24 text-center">
        <Badge variant="secondary">Coming Soon</Badge>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          The help desk your support team will not want to leave
        </h1>
        <p className="text-muted-foreground max-w-2xl text-lg">
          Intelligent ticket routing, team collaboration, role-based access with audit trails, SLA tracking with breach
          alerts and analytics, built for many teams on one platform.
        </p>
      </main>
      <footer className="text-muted-foreground border-t py-6 text-center text-sm">
        &copy; {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </footer>
    </div>
  );
}
