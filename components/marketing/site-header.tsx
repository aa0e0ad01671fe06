import Link from "next/link";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { Button } from "@/components/ui/button";
import { PRODUCT_NAME } from "@/lib/site/product";

/** The public site's header; someone already signed in is offered the way back to the app instead of Login and Sign up. */
export function SiteHeader({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Link href="/" className="text-lg font-semibold">
          {PRODUCT_NAME}
        </Link>
        <nav className="flex items-center gap-1" aria-label="Main">
          <Button asChild variant="ghost">
            <Link href="/pricing">Pricing</Link>
          </Button>
          {signedIn ? (
            <Button asChild>
              <Link href="/app">Open the app</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link href="/login">Login</Link>
              </Button>
              <Button asChild>
                <Link href="/register">Sign up</Link>
              </Button>
            </>
          )}
          <ThemeToggle />
        </nav>
      </div>
    </header>
  );
}
