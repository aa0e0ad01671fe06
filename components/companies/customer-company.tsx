"use client";

import { Building2 } from "lucide-react";
import Link from "next/link";
import { StatusBadge } from "@/components/tickets/ticket-badges";
import { navigateWorkspace } from "@/components/workspace/workspace-location";
import { companySettingsHref, companyTickets, companyTicketsHref } from "./company-links";
import { useTicketCompany } from "./queries";

/** How many of the company's other people the panel names. */
const PEOPLE_SHOWN = 5;

/**
 * The customer's company in the customer panel: its name (to its page in Settings), the team's
 * notes about it, its other people and latest other tickets, and the list of all its tickets.
 * Nothing when the customer's address belongs to no company.
 */
export function CustomerCompany({ ticketId, onOpenTicket }: { ticketId: string; onOpenTicket?: (id: string) => void }) {
  const found = useTicketCompany(ticketId);
  const company = found.data?.company;
  if (!company) return null;
  const people = company.otherPeople.slice(0, PEOPLE_SHOWN);
  const more = company.otherPeople.length - people.length;
  return (
    <section aria-label="Company" className="grid min-w-0 gap-2 rounded-md border p-3" data-testid="customer-company">
      <div className="flex min-w-0 items-center gap-2">
        <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <Link
          href={companySettingsHref(company.id)}
          className="truncate font-semibold underline-offset-4 hover:underline"
        >
          {company.name}
        </Link>
        <span className="ml-auto shrink-0 text-xs text-muted-foreground">
          {company.totalTickets} ticket{company.totalTickets === 1 ? "" : "s"}, {company.openTickets} open
        </span>
      </div>
      {company.notes && (
        <p className="line-clamp-6 text-xs break-words whitespace-pre-wrap" title={company.notes}>
          {company.notes}
        </p>
      )}
      {people.length > 0 && (
        <div className="grid min-w-0 gap-1">
          <h4 className="text-xs font-medium text-muted-foreground">Other people</h4>
          <ul className="grid min-w-0 gap-0.5 text-xs">
            {people.map((p) => (
              <li key={p.email} className="truncate">
                {p.name ? `${p.name} ` : ""}
                <span className="text-muted-foreground">{p.email}</span>
              </li>
            ))}
            {more > 0 && <li className="text-muted-foreground">and {more} more</li>}
          </ul>
        </div>
      )}
      {company.recentTickets.length > 0 && (
        <div className="grid min-w-0 gap-1">
          <h4 className="text-xs font-medium text-muted-foreground">Latest tickets of the company</h4>
          <ul className="grid min-w-0 gap-1">
            {company.recentTickets.slice(0, 5).map((t) => (
              <li key={t.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onOpenTicket?.(t.id)}
                  disabled={!onOpenTicket}
                  className="flex w-full min-w-0 items-center gap-2 rounded-md border p-1.5 text-left text-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:hover:bg-transparent"
                >
                  <span className="min-w-0 flex-1 truncate">
                    <span className="text-muted-foreground">#{t.ticketNumber}</span> {t.subject}
                  </span>
                  <StatusBadge status={t.status} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Link
        href={companyTicketsHref(company.id)}
        onClick={(event) => {
          // Inside the workspace the list changes in place, as the sidebar's links do.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          navigateWorkspace(companyTickets(company.id));
        }}
        className="truncate text-xs font-medium text-primary underline-offset-4 hover:underline"
      >
        All tickets of {company.name}
      </Link>
    </section>
  );
}
