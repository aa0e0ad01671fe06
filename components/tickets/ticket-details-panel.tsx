"use client";

import { ChevronDown } from "lucide-react";
import { TicketRatingNote } from "@/components/satisfaction/ticket-rating";
import { Button } from "@/components/ui/button";
import { useStored } from "@/components/ui/use-stored";
import type { TicketJson } from "@/lib/schemas/tickets";
import { cn } from "@/lib/utils";
import { CustomerPanel } from "./customer-panel";
import { TicketHistory } from "./ticket-history";
import { TicketMailSection } from "./ticket-mail";
import { TicketProperties } from "./ticket-properties";
import { TicketCustomFields } from "./ticket-custom-fields";
import { TicketSlaSection } from "./ticket-sla";
import { TicketTags } from "./ticket-tags";
import { TicketRelationsSection } from "./ticket-relations";

/*
 * A ticket's details (status, priority, assignee, tags, its rating, its SLA, the customer, the mail
 * it received, its history) sit in a column beside the conversation when the ticket pane is wide
 * enough for both, as help desks lay a ticket out. On a narrower pane they fold away under a
 * "Details" button in the ticket's header, so the conversation keeps the room; whether they are
 * open is remembered in this browser. The widths are the ticket pane's (a container query).
 */

const STORAGE_KEY = "ticketry.ticket-details";

/** Whether the folded details are open on a narrow pane, and the switch. */
export function useDetailsOpen() {
  const [stored, store] = useStored("local", STORAGE_KEY);
  const open = stored === "open";
  return { open, toggle: () => store(open ? "closed" : "open") };
}

/** The header's "Details" button; a wide pane shows the details beside the conversation and has none. */
export function DetailsToggle({ open, onToggle, controls }: { open: boolean; onToggle: () => void; controls: string }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      data-details-toggle
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="@min-[38rem]:hidden"
    >
      Details
      <ChevronDown
        aria-hidden
        className={cn("transition-transform motion-reduce:transition-none", open && "rotate-180")}
      />
    </Button>
  );
}

export function TicketDetailsPanel({
  id,
  ticket,
  open,
  onOpenTicket,
  className,
}: {
  id: string;
  ticket: TicketJson;
  /** On a narrow pane: unfolded. A wide pane always shows them. */
  open: boolean;
  onOpenTicket?: (id: string) => void;
  className?: string;
}) {
  return (
    <div id={id} data-ticket-details className={cn("@container hidden @min-[38rem]:block", open && "block", className)}>
      <div className="grid gap-4 p-4">
        <TicketProperties ticket={ticket} />
        <TicketCustomFields ticket={ticket} />
        <TicketTags ticketId={ticket.id} tags={ticket.tags ?? []} />
        <TicketRatingNote ticketId={ticket.id} />
      </div>
      <TicketSlaSection ticketId={ticket.id} />
      <div className="border-t">
        <CustomerPanel ticketId={ticket.id} onOpenTicket={onOpenTicket} />
      </div>
      <TicketMailSection ticketId={ticket.id} />
      <TicketRelationsSection ticket={ticket} onOpenTicket={onOpenTicket} />
      <TicketHistory ticketId={ticket.id} customerName={ticket.customerName} />
    </div>
  );
}
