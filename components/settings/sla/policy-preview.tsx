"use client";

import { useState } from "react";
import type { TicketPriority } from "@/generated/prisma/enums";
import { OptionSelect } from "@/components/ui/option-select";
import { addBusinessMinutes, formatBusinessDuration, formatDueMoment } from "@/lib/sla/business-time";
import type { CalendarSpec } from "@/lib/sla/calendar";
import { PRIORITY_LABELS, TICKET_PRIORITIES } from "@/lib/tickets/fields";
import { browserTimeZone } from "./calendar-draft";
import { minutesOf, type TargetsDraft } from "./policy-draft";

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }));

/** "Mon 10:30 (in 3 business hours)": when a target set now falls due, on the viewer's clock. */
function dueText(calendar: CalendarSpec, now: Date, minutes: number, viewerZone: string): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "not set yet";
  const due = addBusinessMinutes(calendar, now, minutes);
  if (!due) return "never: the calendar is never open";
  return `${formatDueMoment(due, now, viewerZone)} (in ${formatBusinessDuration(minutes)})`;
}

/**
 * What the policy being written would mean for a ticket created now: its due times on the
 * admin's own clock, counted in the chosen calendar with the targets as typed, in the browser.
 */
export function PolicyPreview({ calendar, targets }: { calendar: CalendarSpec | undefined; targets: TargetsDraft }) {
  const [priority, setPriority] = useState<TicketPriority>("high");
  // The moment the dialog opened: the preview does not shift while the admin types.
  const [now] = useState(() => new Date());
  const viewerZone = browserTimeZone();
  const chosen = targets[priority];
  return (
    <section aria-labelledby="policy-preview-title" className="grid gap-2 rounded-md border bg-muted/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="policy-preview-title" className="text-sm font-medium">
          Preview
        </h3>
        <OptionSelect
          label="Preview priority"
          className="h-8 w-32"
          value={priority}
          options={PRIORITY_OPTIONS}
          onChange={(value) => setPriority(value as TicketPriority)}
        />
      </div>
      {calendar ? (
        <div className="grid gap-1 text-sm" data-testid="policy-preview" aria-live="polite">
          <p>A ticket created now with priority {PRIORITY_LABELS[priority]} would be due:</p>
          <ul className="grid list-disc gap-0.5 pl-5">
            <li>first reply {dueText(calendar, now, minutesOf(chosen.firstResponse), viewerZone)}</li>
            <li>resolution {dueText(calendar, now, minutesOf(chosen.resolution), viewerZone)}</li>
            <li>
              next reply{" "}
              {Number.isFinite(minutesOf(chosen.nextResponse)) && minutesOf(chosen.nextResponse) > 0
                ? `within ${formatBusinessDuration(minutesOf(chosen.nextResponse))} of each later customer message`
                : "not set yet"}
            </li>
          </ul>
          <p className="text-xs text-muted-foreground">Times on your clock ({viewerZone}).</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Choose a calendar to see when tickets would be due.</p>
      )}
    </section>
  );
}
