"use client";

import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/http/client/api";

export const SUPPORT_EMAIL = "support@ticketry.app";

type State = "loading" | "success" | "error";

/** Unsubscribe: Processing, then success or failure; no token goes straight to failure. */
export function UnsubscribeStatus({ token }: { token?: string }) {
  const [state, setState] = useState<State>(token ? "loading" : "error");

  useEffect(() => {
    if (!token) return;
    apiRequest("GET", `/api/mailing-list/unsubscribe/${encodeURIComponent(token)}`).then(
      () => setState("success"),
      () => setState("error"),
    );
  }, [token]);

  if (state === "loading") {
    return (
      <div className="grid justify-items-center gap-3" role="status">
        <LoaderCircle className="size-10 animate-spin text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold">Processing</h1>
        <p className="text-muted-foreground">Removing you from our mailing list...</p>
      </div>
    );
  }
  if (state === "success") {
    return (
      <div className="grid justify-items-center gap-3" role="status">
        <CircleCheck className="size-10 text-success" aria-hidden />
        <h1 className="text-2xl font-semibold">Unsubscribed Successfully</h1>
        <p className="text-muted-foreground">
          You will no longer receive emails from us. You can join again at any time.
        </p>
        <Button asChild>
          <Link href="/">Return home</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid justify-items-center gap-3" role="alert">
      <CircleX className="size-10 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold">Unsubscribe Failed</h1>
      <p className="text-muted-foreground">This unsubscribe link may be invalid or expired.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Unsubscribe`}>Contact support</a>
        </Button>
        <Button asChild>
          <Link href="/">Return home</Link>
        </Button>
      </div>
    </div>
  );
}
