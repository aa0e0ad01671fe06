"use client";

import { RefreshCw, X } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Someone else changed the open ticket: what is shown is already the new state, this says so. */
export function TicketUpdatedBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="status"
      data-ticket-updated
      className="flex items-center justify-between gap-2 rounded-md border border-primary/40 bg-primary/10 px-3 py-1.5 text-sm"
    >
      <span className="flex items-center gap-2">
        <RefreshCw aria-hidden className="size-4 shrink-0" />
        This ticket was updated
      </span>
      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="Dismiss" onClick={onDismiss}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
