"use client";

import { CircleCheck, CirclePause, Clock, TimerOff, type LucideIcon } from "lucide-react";
import { browserTimeZone } from "@/components/settings/sla/calendar-draft";
import { useNow } from "@/components/ui/use-now";
import { policyText, shownTargets, targetLine, ticketSlaOf, type TargetState } from "@/lib/format/ticket-sla-text";
import { cn } from "@/lib/utils";
import { useTicketSla } from "./queries";

/* Each state has its own icon as well as its colour, as the SLA badges do. */
const STATE_TONES: Record<TargetState, { icon: LucideIcon; className: string }> = {
  running: { icon: Clock, className: "text-foreground" },
  met: { icon: CircleCheck, className: "text-muted-foreground" },
  breached: { icon: TimerOff, className: "font-medium text-red-800 dark:text-red-300" },
  paused: { icon: CirclePause, className: "text-muted-foreground" },
  stopped: { icon: CirclePause, className: "text-muted-foreground" },
};

/**
 * The ticket's SLA in business terms (staff): the policy that applies and why, and each target
 * on the agent's own clock, counted in the policy's calendar. Fetched again with the ticket;
 * its words follow the clock minute by minute.
 */
export function TicketSlaSection({ ticketId }: { ticketId: string }) {
  const sla = useTicketSla(ticketId);
  const now = useNow();
  if (!sla.data) return null;
  const { policy, reason, calendar, paused, targets } = ticketSlaOf(sla.data);
  const viewerZone = browserTimeZone();
  const lines = shownTargets(targets).map((t) => targetLine(t, { calendar, paused, now, viewerZone }));
  return (
    <section aria-labelledby={`ticket-sla-${ticketId}`} data-ticket-sla className="grid gap-2 border-t p-4 text-sm">
      <h3 id={`ticket-sla-${ticketId}`} className="font-semibold">
        SLA
      </h3>
      <div className="grid gap-0.5">
        <p data-sla-policy className="break-words">
          {policyText(reason)}
        </p>
        {policy && (
          <p className="text-xs break-words text-muted-foreground">
            {calendar.name} hours ({calendar.timeZone}), times on your clock
          </p>
        )}
      </div>
      {paused && (
        <p data-sla-paused className="flex items-center gap-1.5 font-medium">
          <CirclePause className="size-4 shrink-0" aria-hidden />
          Paused while waiting on the customer
        </p>
      )}
      <ul className="grid gap-1">
        {lines.map((line) => {
          const tone = STATE_TONES[line.state];
          const Icon = tone.icon;
          return (
            <li
              key={`${line.target}-${line.cycle}`}
              data-sla-target={line.target}
              data-state={line.state}
              className={cn("flex items-start gap-1.5", tone.className)}
            >
              <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{line.text}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
