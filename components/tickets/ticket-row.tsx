"use client";

import { format } from "date-fns";
import { MessageSquareReply } from "lucide-react";
import { cn } from "@/lib/utils";
import { shortSpan } from "@/lib/format/sla-text";
import { RowCheckbox } from "./row-checkbox";
import { PriorityBadge, SlaBadge, StatusBadge } from "./ticket-badges";
import type { TicketListItemJson } from "./queries";
import { runningDue } from "@/lib/tickets/sla";
import { SORT_TIME_LABELS, type SortTime } from "@/lib/tickets/sort";

const CHIP = "h-4 gap-0.5 px-1 py-0 text-[11px] leading-4 [&>svg]:size-3";
/** Tags a row names before it counts the rest ("+2"): the row keeps its two lines. */
const ROW_TAGS = 1;

/** The ticket's first tags as small chips, the others counted; all of them in the title. */
function RowTags({ tags }: { tags: string[] }) {
  const shown = tags.slice(0, ROW_TAGS);
  const more = tags.length - shown.length;
  return (
    // Beside the subject, which truncates first: the badges' line below has no room to spare.
    <span className="flex shrink-0 items-center gap-0.5" title={`Tags: ${tags.join(", ")}`}>
      <span className="sr-only">Tags: {tags.join(", ")}</span>
      {shown.map((name) => (
        <span
          key={name}
          aria-hidden
          data-row-tag
          className="max-w-20 truncate rounded-sm border bg-muted px-1 text-[11px] leading-4 font-normal text-foreground"
        >
          {name}
        </span>
      ))}
      {more > 0 && (
        <span aria-hidden className="shrink-0 text-[11px] leading-4">
          +{more}
        </span>
      )}
    </span>
  );
}

/** The time a row shows, as the list's sort follows it (see SORT_TIMES). */
function RowTime({ ticket: t, time, now }: { ticket: TicketListItemJson; time: SortTime; now: Date }) {
  const shown = time === "due" ? runningDue(t) : time === "created" ? t.createdAt : t.updatedAt;
  // A due time is absent while the ticket's clocks stand still (it waits on the customer).
  if (shown === null) return null;
  const at = new Date(shown);
  const label = SORT_TIME_LABELS[time];
  // Created and last activity are always past ("3 h": ago); a due time says which side of now it is.
  const span =
    time !== "due" ? shortSpan(at, now) : at > now ? `in ${shortSpan(now, at)}` : `${shortSpan(at, now)} ago`;
  return (
    <time
      dateTime={at.toISOString()}
      title={`${label} ${format(at, "MMM d, yyyy HH:mm")}`}
      className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums"
    >
      <span className="sr-only">{label} </span>
      {span}
    </time>
  );
}

type Props = {
  ticket: TicketListItemJson;
  now: Date;
  /** Which time the row shows: the one the list's order follows. */
  time: SortTime;
  selected: boolean;
  onSelect: () => void;
  /** Shown only to those who may change tickets; `range` is a Shift-click. */
  check?: { checked: boolean; onToggle: (range: boolean) => void };
};

/**
 * One compact list row (two 16 px lines): number, status, customer-replied marker, subject and the
 * time the order follows; then customer, assignee, the running SLA target and priority. The status
 * leads the subject, which gives way first, so the second line keeps room for the customer's name.
 */
export function TicketRow({ ticket: t, now, time, selected, onSelect, check }: Props) {
  return (
    <li
      data-ticket-row={t.ticketNumber}
      className={cn("flex items-start gap-2 border-b px-3 py-0.5 hover:bg-muted/60", selected && "bg-muted")}
    >
      {check && (
        <RowCheckbox
          className="mt-0.5"
          checked={check.checked}
          label={`Select ticket #${t.ticketNumber}`}
          onToggle={check.onToggle}
        />
      )}
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        className="grid min-w-0 flex-1 gap-0.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex min-w-0 items-center gap-1.5 text-[13px] leading-4">
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">#{t.ticketNumber}</span>
          <StatusBadge
            status={t.status}
            className={cn(CHIP, "size-4 shrink-0 justify-center px-0 @min-[23rem]/list:w-auto @min-[23rem]/list:px-1")}
            compact
          />
          {t.customerReplied && (
            <span
              className="inline-flex shrink-0 items-center gap-0.5 text-[11px] font-semibold text-blue-800 dark:text-blue-300"
              title="The customer replied last"
            >
              <MessageSquareReply className="size-3" aria-hidden />
              <span className="sr-only">Customer replied</span>
            </span>
          )}
          <span className={cn("truncate", t.customerReplied ? "font-semibold" : "font-medium")}>{t.subject}</span>
          {t.tags && t.tags.length > 0 && <RowTags tags={t.tags} />}
          <RowTime ticket={t} time={time} now={now} />
        </span>
        <span className="flex min-w-0 items-center gap-1 text-xs leading-4 text-muted-foreground">
          {/* The name gives way last: the chips beside it are short, and it keeps a few words at the least. */}
          <span className="min-w-16 flex-1 truncate" data-row-customer>
            {t.customerName}
            {" · "}
            {t.assigneeName ?? <span className="italic">Unassigned</span>}
          </span>
          <span className="flex shrink-0 items-center gap-1">
            <SlaBadge ticket={t} now={now} className={CHIP} compact />
            <PriorityBadge priority={t.priority} className={CHIP} />
          </span>
        </span>
      </button>
    </li>
  );
}
