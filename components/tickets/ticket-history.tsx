"use client";

import { format } from "date-fns";
import { ShowEarlier } from "@/components/ui/show-earlier";
import { historySentence } from "@/lib/format/ticket-history";
import { useAssignableUsers, useTicketHistory } from "./queries";

/** The ticket's history, oldest first, one sentence per change; earlier changes load on asking, above. */
export function TicketHistory({ ticketId, customerName }: { ticketId: string; customerName: string }) {
  const history = useTicketHistory(ticketId, { enabled: true });
  const assignable = useAssignableUsers();
  const names = new Map((assignable.data ?? []).map((u) => [u.id, u.fullName]));
  if (!history.items) return null;
  return (
    <section aria-label="History" className="border-t p-4">
      <h3 className="mb-2 text-sm font-semibold">History</h3>
      <ShowEarlier pages={history} what="changes" className="mb-2" />
      <ol className="grid gap-1 text-xs text-muted-foreground">
        {history.items.map((e) => (
          <li key={e.id} className="flex gap-2">
            <time dateTime={e.createdAt} className="shrink-0 tabular-nums">
              {format(new Date(e.createdAt), "MMM d, HH:mm")}
            </time>
            <span className="text-foreground">{historySentence(e, names, customerName)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
