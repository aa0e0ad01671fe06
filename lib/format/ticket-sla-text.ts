import type { Jsonify } from "@/lib/schemas/json";
import type { TicketSla } from "@/lib/schemas/ticket-sla";
import { businessMinutesBetween, formatBusinessDuration, formatDueMoment } from "@/lib/sla/business-time";
import type { CalendarSpec } from "@/lib/sla/calendar";
import type { SlaTargetName, TargetRecord } from "@/lib/sla/ticket-clock";
import { TARGET_NAMES } from "./sla-text";

/**
 * The ticket pane's SLA section in words: each target on the agent's own clock and in business
 * time counted in the policy's calendar ("First reply due in 3 business hours, Mon 10:30").
 */

const NAMES: Record<SlaTargetName, string> = {
  first_response: TARGET_NAMES.first_reply,
  next_response: TARGET_NAMES.next_reply,
  resolution: TARGET_NAMES.resolution,
};

/** A target's state: done in time or late, still to do, or standing still (waiting on the customer, done). */
export type TargetState = "met" | "breached" | "running" | "paused" | "stopped";

export type TargetLine = { target: SlaTargetName; cycle: number; state: TargetState; text: string };

const orNull = (at: string | null) => (at === null ? null : new Date(at));

/** The SLA as the API sends it (moments as text), with its moments as dates. */
export function ticketSlaOf(json: Jsonify<TicketSla>): TicketSla {
  return {
    ...json,
    // JSON keeps an interval's two times as a plain array: the same pairs the server sent.
    calendar: json.calendar as TicketSla["calendar"],
    targets: json.targets.map((t) => ({
      ...t,
      startedAt: new Date(t.startedAt),
      dueAt: orNull(t.dueAt),
      metAt: orNull(t.metAt),
      breachedAt: orNull(t.breachedAt),
    })),
  };
}

/** "Billing: the group is Billing", or the default's terms. */
export const policyText = (reason: string | null) => reason ?? "Default targets, around the clock";

/**
 * What the section shows: the first reply, the next reply the customer waits for (the open
 * cycle; those answered are history) and resolution.
 */
export function shownTargets(targets: TargetRecord[]): TargetRecord[] {
  return targets.filter((t) => t.target !== "next_response" || t.metAt === null);
}

/**
 * "First reply due in 3 business hours, Mon 10:30", "First reply met Mon 10:00 (1 business
 * hour)", "First reply breached Mon 16:30", "First reply paused with 6 business hours 30 minutes
 * left". Business time is counted in `calendar`, moments are on `viewerZone`'s clock.
 */
export function targetLine(
  t: TargetRecord,
  { calendar, paused, now, viewerZone }: { calendar: CalendarSpec; paused: boolean; now: Date; viewerZone: string },
): TargetLine {
  const name = NAMES[t.target];
  const at = (moment: Date) => formatDueMoment(moment, now, viewerZone);
  const line = (state: TargetState, text: string) => ({ target: t.target, cycle: t.cycle, state, text });
  if (t.metAt) {
    // Met while the office was closed (a reply on a Sunday): it took none of the team's hours.
    const taken = t.businessMinutes > 0 ? formatBusinessDuration(t.businessMinutes) : "no business time";
    const met = `met ${at(t.metAt)} (${taken})`;
    return t.breachedAt
      ? line("breached", `${name} breached ${at(t.breachedAt)}; ${met}`)
      : line("met", `${name} ${met}`);
  }
  if (!t.dueAt) {
    const left = t.minutes - t.businessMinutes;
    const how = paused ? "paused" : "stopped";
    if (left <= 0) return line("breached", `${name} breached, then ${how}`);
    return line(paused ? "paused" : "stopped", `${name} ${how} with ${formatBusinessDuration(left)} left`);
  }
  if (t.dueAt <= now) return line("breached", `${name} breached ${at(t.dueAt)}`);
  const left = formatBusinessDuration(businessMinutesBetween(calendar, now, t.dueAt));
  return line("running", `${name} due in ${left}, ${at(t.dueAt)}`);
}
