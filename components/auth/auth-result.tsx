import { CircleCheck, CircleX } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * What an auth page shows in place of its form: a link that cannot work ("failed") or the step
 * done ("done", announced to screen readers), with where to go next when there is a place to go.
 */
export function AuthResult({
  outcome,
  title,
  children,
  next,
}: {
  outcome: "failed" | "done";
  title: string;
  children: ReactNode;
  next?: { href: string; label: string };
}) {
  const done = outcome === "done";
  return (
    <div className={done ? "grid gap-3 text-center" : "grid gap-4 text-center"} role={done ? "status" : undefined}>
      {done ? (
        <CircleCheck className="mx-auto size-10 text-success" />
      ) : (
        <CircleX className="mx-auto size-10 text-destructive" />
      )}
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{children}</p>
      {next && (
        <Button asChild>
          <Link href={next.href}>{next.label}</Link>
        </Button>
      )}
    </div>
  );
}
