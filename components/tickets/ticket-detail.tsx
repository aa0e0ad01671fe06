"use client";

import { format } from "date-fns";
import { cn } from "@/lib/utils";
import { PriorityBadge, SlaBadge, StatusBadge } from "./ticket-badges";
import { ReplyForm } from "./reply-form";
import { TicketProperties } from "./ticket-properties";
import { OpeningAuthor, ReplyAuthor } from "./reply-author";
import { TicketHistory } from "./ticket-history";
import { useReplies, useTicket } from "./queries";

export function TicketDetail({ ticketId, staff }: { ticketId: string; staff: boolean }) {
  const ticket = useTicket(ticketId);
  const replies = useReplies(ticketId);

  if (ticket.isPending) return <p className="p-6 text-sm text-muted-foreground">Loading ticket...</p>;
  if (ticket.isError) return <p className="p-6 text-sm text-destructive">Ticket not found</p>;
  const t = ticket.data;

  return (
    <article aria-label={`Ticket #${t.ticketNumber}`} className="flex min-h-0 flex-1 flex-col">
      {/* The header stays put while the conversation below it scrolls. */}
      <header className="grid max-h-[45%] shrink-0 gap-3 overflow-y-auto border-b p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">#{t.ticketNumber}</span>
          <StatusBadge status={t.status} />
          <PriorityBadge priority={t.priority} />
          <SlaBadge ticket={t} now={new Date()} />
        </div>
        <h2 className="text-xl font-semibold">{t.subject}</h2>
        <p className="text-sm text-muted-foreground">
          {t.customerName} &lt;{t.customerEmail}&gt; · opened {format(new Date(t.createdAt), "MMM d, yyyy HH:mm")}
        </p>
        {staff && <TicketProperties ticket={t} />}
      </header>
      {/* Focusable, so the conversation can be scrolled from the keyboard too. */}
      <div
        data-ticket-scroll
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        <section aria-label="Conversation" className="grid gap-3 p-4">
          <div className="rounded-md border bg-muted/40 p-3">
            <OpeningAuthor
              name={t.customerName}
              email={t.customerEmail}
              at={format(new Date(t.createdAt), "MMM d, HH:mm")}
            />
            <p className="text-sm whitespace-pre-wrap">{t.description}</p>
          </div>
          {replies.data?.map((r) => (
            <div
              key={r.id}
              data-reply-type={r.type}
              className={cn(
                "rounded-md border p-3",
                r.type === "internal"
                  ? "border-warning/50 bg-warning/10"
                  : r.authorType === "agent"
                    ? "ml-6 bg-primary/5"
                    : "mr-6 bg-muted/40",
              )}
            >
              <ReplyAuthor reply={r} at={format(new Date(r.createdAt), "MMM d, HH:mm")} />
              <p className="text-sm whitespace-pre-wrap">{r.content}</p>
            </div>
          ))}
        </section>
        {staff && <TicketHistory ticketId={t.id} customerName={t.customerName} />}
      </div>
      <ReplyForm ticketId={t.id} canWriteNotes={staff} />
    </article>
  );
}
