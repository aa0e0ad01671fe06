"use client";

import { Plus } from "lucide-react";
import { StatusBadge } from "@/components/tickets/ticket-badges";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { portalDate } from "./portal-dates";
import type { PortalTicketJson } from "./queries";

type Props = {
  tickets: PortalTicketJson[] | undefined;
  failed: boolean;
  onOpen: (ticketNumber: number) => void;
  onCreate: () => void;
};

/** Default portal view: the customer's tickets, newest first, two lines of each description. */
export function PortalTicketList({ tickets, failed, onOpen, onCreate }: Props) {
  return (
    <section aria-labelledby="portal-tickets" className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="portal-tickets" className="text-xl font-semibold">
          My Tickets
        </h2>
        <Button onClick={onCreate}>
          <Plus aria-hidden />
          New Ticket
        </Button>
      </div>
      {failed ? (
        <p className="text-sm text-destructive">Failed to fetch tickets</p>
      ) : !tickets ? (
        <div className="grid gap-3" aria-label="Loading tickets">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : tickets.length === 0 ? (
        <div className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">
          <p className="font-medium text-foreground">No tickets yet</p>
          <p>Create a ticket and our team will get back to you.</p>
        </div>
      ) : (
        <ul className="grid gap-3">
          {tickets.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => onOpen(t.ticketNumber)}
                className="grid w-full gap-1 rounded-md border p-4 text-left transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    <span className="mr-2 text-sm text-muted-foreground">#{t.ticketNumber}</span>
                    {t.subject}
                  </span>
                  <StatusBadge status={t.status} />
                </span>
                <span className="line-clamp-2 text-sm text-muted-foreground">{t.description}</span>
                <span className="text-xs text-muted-foreground">
                  Created <time dateTime={t.createdAt}>{portalDate(t.createdAt)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
