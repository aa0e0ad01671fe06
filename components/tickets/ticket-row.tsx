"use client";

import { format } from "date-fns";
import { MessageSquareReply } from "lucide-react";
import { cn } from "@/lib/utils";
import { shortSpan } from "@/lib/format/sla-text";
import { RowCheckbox } from "./row-checkbox";
import { PriorityBadge, SlaBadge, StatusBadge } from "./ticket-badges";
import type { TicketListItemJson } from "./queries";

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

type Props = {
  ticket: TicketListItemJson;
  now: Date;
  selected: boolean;
  onSelect: () => void;
  /** Shown only to those who may change tickets; `range` is a Shift-click. */
  check?: { checked: boolean; onToggle: (range: boolean) => void };
};

/**
 * One compact list row (two 16 px lines): number, customer-replied marker, subject and last
 * activity; then customer, assignee, status, priority and the running SLA target.
 */
export function TicketRow({ ticket: t, now, selected, onSelect, check }: Props) {
  const activity = new Date(t.updatedAt);
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
          <time
            dateTime={t.updatedAt}
            title={`Last activity ${format(activity, "MMM d, yyyy HH:mm")}`}
            className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums"
          >
            {shortSpan(activity, now)}
          </time>
        </span>
        <span className="flex min-w-0 items-center gap-1 text-xs leading-4 text-muted-foreground">
          <span className="min-w-0 truncate">
            {t.customerName}
            {" · "}
            {t.assigneeName ?? <span className="italic">Unassigned</span>}
          </span>
          <span className="ml-auto flex shrink-0 items-center gap-1">
            <SlaBadge ticket={t} now={now} className={CHIP} />
            <PriorityBadge priority={t.priority} className={CHIP} />
            <StatusBadge status={t.status} className={cn(CHIP, "size-4 justify-center px-0")} iconOnly />
          </span>
        </span>
      </button>
    </li>
  );
}
