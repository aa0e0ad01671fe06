"use client";

import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { View } from "@/lib/tickets/views";
import { queueLabel } from "./queues";
import { navigateWorkspace, openedFromList } from "./workspace-location";

/**
 * On a phone the open ticket fills the screen; this returns to the queue. When the ticket was
 * opened from the list, it goes Back, so the list is where it was (it stays mounted, hidden).
 */
export function BackToList({ view }: { view: View }) {
  function back() {
    if (openedFromList()) window.history.back();
    else navigateWorkspace({ section: view, ticket: null });
  }
  return (
    // Stays in reach below the top bar while the ticket scrolls with the page.
    <div className="sticky top-14 z-10 border-b bg-background p-2 md:hidden">
      <Button variant="ghost" size="sm" onClick={back}>
        <ArrowLeft aria-hidden />
        Back to {queueLabel(view)}
      </Button>
    </div>
  );
}
