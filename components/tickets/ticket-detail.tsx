"use client";

import { format } from "date-fns";
import { Lock } from "lucide-react";
import { cn } from "@/lib/utils";
import { PriorityBadge, SlaBadge, StatusBadge } from "./ticket-badges";
import { Badge } from "@/components/ui/badge";
import { CATEGORY_LABELS } from "./category-labels";
import { CustomerPanel } from "./customer-panel";
import { ReplyForm } from "./reply-form";
import { TicketProperties } from "./ticket-properties";
import { replyByline } from "@/lib/format/reply-byline";
import { useAssignableUsers, useReplies, useTicket, useTicketHistory } from "./queries";
import type { Jsonify } from "@/lib/schemas/json";
import type { TicketHistoryEvent } from "@/lib/schemas/tickets";

/** What a ticket event records of a change: the field, and its values before and after. */
type Change = { field?: string; from?: string | null; to?: string | null };

function describe(event: Jsonify<TicketHistoryEvent>, names: Map<string, string>): string {
  const m =
    event.metadata && typeof event.metadata === "object" && !Array.isArray(event.metadata)
      ? (event.metadata as Change)
      : null;
  const name = (id: string | null | undefined) => (id ? (names.get(id) ?? "someone") : "nobody");
  switch (event.action) {
    case "ticket.created":
      return "created the ticket";
    case "ticket.status_changed":
      return `changed status from ${m?.from} to ${m?.to}`;
    case "ticket.priority_changed":
      return `changed priority from ${m?.from} to ${m?.to}`;
    case "ticket.assigned":
      return `assigned the ticket to ${name(m?.to)}`;
    case "ticket.replied":
      return "replied";
    case "ticket.note_added":
      return "added an internal note";
    default:
      return event.action;
  }
}

export function TicketDetail({
  ticketId,
  staff,
  onOpenTicket,
}: {
  ticketId: string;
  staff: boolean;
  /** Opens another ticket in the workspace (the customer's other tickets, the next in the queue). */
  onOpenTicket?: (id: string) => void;
}) {
  const ticket = useTicket(ticketId);
  const replies = useReplies(ticketId);
  const history = useTicketHistory(ticketId, { enabled: staff });
  const assignable = useAssignableUsers({ enabled: staff });
  const names = new Map((assignable.data ?? []).map((u) => [u.id, u.fullName]));

  if (ticket.isPending) return <p className="p-6 text-sm text-muted-foreground">Loading ticket...</p>;
  if (ticket.isError) return <p className="p-6 text-sm text-destructive">Ticket not found</p>;
  const t = ticket.data;

  return (
    <article aria-label={`Ticket #${t.ticketNumber}`} className="flex min-h-0 flex-col">
      <div className="@container min-h-0 flex-1 overflow-y-auto">
        <header className="grid gap-3 border-b p-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">#{t.ticketNumber}</span>
            <StatusBadge status={t.status} />
            <PriorityBadge priority={t.priority} />
            <SlaBadge ticket={t} now={new Date()} />
            {t.category && <Badge variant="outline">{CATEGORY_LABELS[t.category] ?? t.category}</Badge>}
          </div>
          <h2 className="text-xl font-semibold">{t.subject}</h2>
          <p className="text-sm text-muted-foreground">
            {t.customerName} &lt;{t.customerEmail}&gt; · opened {format(new Date(t.createdAt), "MMM d, yyyy HH:mm")}
          </p>
          {staff && <TicketProperties ticket={t} />}
        </header>
        <div className="grid @3xl:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="min-w-0">
            <section aria-label="Conversation" className="grid gap-3 p-4">
              <div className="rounded-md border bg-muted/40 p-3">
                <p className="mb-1 text-xs font-medium">{t.customerName}</p>
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
                  <p className="mb-1 flex items-center gap-1 text-xs font-medium">
                    {r.type === "internal" && <Lock className="size-3" aria-hidden />}
                    {replyByline(
                      r.type === "internal" ? "Internal note" : r.authorType === "agent" ? "Support" : "Customer",
                      "authorEmail" in r ? r.authorEmail : r.authorName,
                    )}{" "}
                    · {format(new Date(r.createdAt), "MMM d, HH:mm")}
                  </p>
                  <p className="text-sm whitespace-pre-wrap">{r.content}</p>
                </div>
              ))}
            </section>
            {staff && history.data && (
              <section aria-label="History" className="border-t p-4">
                <h3 className="mb-2 text-sm font-semibold">History</h3>
                <ol className="grid gap-1 text-xs text-muted-foreground">
                  {history.data.map((e) => (
                    <li key={e.id}>
                      {format(new Date(e.createdAt), "MMM d, HH:mm")} ·{" "}
                      <span className="text-foreground">{e.actorLabel ?? "Customer"}</span> {describe(e, names)}
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </div>
          {staff && (
            <div className="border-t @3xl:border-t-0 @3xl:border-l">
              <CustomerPanel ticketId={t.id} onOpenTicket={onOpenTicket} />
            </div>
          )}
        </div>
      </div>
      <ReplyForm ticket={t} canWriteNotes={staff} onOpenTicket={onOpenTicket} />
    </article>
  );
}
