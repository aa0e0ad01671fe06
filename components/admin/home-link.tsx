import { ArrowRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { cn } from "@/lib/utils";

/**
 * The way to the one screen where a question is answered in full (usage and limits, people,
 * team activity, organisation settings), from a screen that only touches on it.
 */
export function HomeLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <Link
      href={href}
      className={cn(buttonVariants({ variant: "link" }), "h-auto justify-start p-0 whitespace-normal", className)}
    >
      {children}
      <ArrowRight aria-hidden />
    </Link>
  );
}
