"use client";

import { format, formatDistanceToNowStrict } from "date-fns";
import { CustomerCompany } from "@/components/companies/customer-company";
import { StatusBadge } from "./ticket-badges";
import { useCustomerSummary } from "./customer-queries";

/**
 * The customer beside the conversation: since when they write, how many tickets they have
 * and which are still open, and their latest other tickets, so the agent sees the history
 * before answering.
 */
export function CustomerPanel({ ticketId, onOpenTicket }: { ticketId: string; onOpenTicket?: (id: string) => void }) {
  const summary = useCustomerSummary(ticketId);
  if (summary.isPending) return <Shell>Loading customer...</Shell>;
  if (summary.isError) return <Shell>Customer details are unavailable.</Shell>;
  const c = summary.data;

  return (
    <aside aria-label="Customer" className="grid content-start gap-3 p-4 text-sm">
      <div className="min-w-0">
        <h3 className="truncate font-semibold">{c.name}</h3>
        {c.known && <p className="truncate text-xs text-muted-foreground">{c.email}</p>}
      </div>
      {c.known && <CustomerCompany ticketId={ticketId} onOpenTicket={onOpenTicket} />}
      {c.known ? (
        <>
          <dl className="grid grid-cols-2 gap-2 text-center">
            <Figure label="Tickets" value={c.totalTickets} />
            <Figure label="Open" value={c.openTickets} />
          </dl>
          {c.firstContactAt && (
            <p className="text-xs text-muted-foreground">
              First contact {format(new Date(c.firstContactAt), "MMM d, yyyy")}
            </p>
          )}
          <section aria-label="Other tickets" className="grid gap-1">
            <h4 className="text-xs font-medium text-muted-foreground">Other tickets</h4>
            {c.otherTickets.length === 0 ? (
              <p className="text-xs text-muted-foreground">This is their first ticket.</p>
            ) : (
              <ul className="grid gap-1">
                {c.otherTickets.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      onClick={() => onOpenTicket?.(t.id)}
                      disabled={!onOpenTicket}
                      className="grid w-full gap-1 rounded-md border p-2 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:hover:bg-transparent"
                    >
                      <span className="truncate text-xs">
                        <span className="text-muted-foreground">#{t.ticketNumber}</span> {t.subject}
                      </span>
                      <span className="flex items-center justify-between gap-2">
                        <StatusBadge status={t.status} />
                        <span className="text-xs text-muted-foreground">
                          {formatDistanceToNowStrict(new Date(t.updatedAt), { addSuffix: true })}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : (
        <p className="text-xs text-muted-foreground">Logged without an email address: no other tickets to show.</p>
      )}
    </aside>
  );
}

function Shell({ children }: { children: string }) {
  return (
    <aside aria-label="Customer" className="p-4 text-sm text-muted-foreground">
      {children}
    </aside>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
