/**
 * A ticket's SLA targets worked out from its history: when each was due, met or breached, the
 * business minutes it took, and what is due next. Pure (the moments come in), so the same
 * history always gives the same times: a new policy or priority is applied to the ticket as it
 * went, not from now.
 */
import { ALWAYS_OPEN, type CalendarSpec } from "./calendar";
import { targetClock, type Pause, type TargetClock } from "./target-clock";

const MINUTE_MS = 60_000;

/**
 * A target's clock: around the clock and never stopped (the default targets of most new
 * tickets) it is plain arithmetic; otherwise the calendar is counted (targetClock).
 */
function clockOf(
  cal: CalendarSpec,
  spec: { startedAt: Date; minutes: number; pauses: Pause[]; now: Date },
): Pick<TargetClock, "dueAt" | "usedMinutes"> {
  if (cal !== ALWAYS_OPEN || spec.pauses.length > 0) return targetClock(cal, spec);
  const start = spec.startedAt.getTime();
  return {
    dueAt: new Date(start + Math.round(spec.minutes * MINUTE_MS)),
    usedMinutes: Math.max(0, spec.now.getTime() - start) / MINUTE_MS,
  };
}

/** A policy's targets for one priority, in business minutes. */
export type TargetMinutes = { firstResponse: number; nextResponse: number; resolution: number };

export type SlaTargetName = "first_response" | "next_response" | "resolution";

/** When the ticket's clocks stood still: waiting on the customer, or resolved or closed. */
export type ClockStop = { reason: "pending" | "done"; from: Date; to: Date | null };

/** A public message on the ticket after it was opened. */
export type TicketMessage = { at: Date; by: "customer" | "team" };

export type TicketTimeline = {
  createdAt: Date;
  firstRespondedAt: Date | null;
  stops: ClockStop[];
  /** In the order they were written. */
  messages: TicketMessage[];
};

/** One target as it went (one row per cycle of next response). */
export type TargetRecord = {
  target: SlaTargetName;
  cycle: number;
  minutes: number;
  startedAt: Date;
  /** Null while its clock stands still (and for a calendar that never opens). */
  dueAt: Date | null;
  metAt: Date | null;
  breachedAt: Date | null;
  businessMinutes: number;
};

export type TicketSla = {
  firstResponseDueAt: Date | null;
  nextResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  /** When a running target turns at risk: less than a quarter of it left. Null while none runs. */
  slaRiskAt: Date | null;
  /** The ticket waits on the customer: its clocks stand still. */
  paused: boolean;
  targets: TargetRecord[];
};

/** A target is at risk when less than this share of it is left. */
export const AT_RISK_SHARE = 0.25;

/**
 * The clock of one target from `startedAt`, standing still during the stops: evaluated when it
 * was met (stops after that do not count), else now.
 */
function runTarget(
  cal: CalendarSpec,
  spec: { target: SlaTargetName; cycle: number; minutes: number; startedAt: Date; metAt: Date | null },
  stops: Pause[],
  now: Date,
): TargetRecord & { riskAt: Date | null; running: boolean } {
  const until = spec.metAt ?? now;
  const pauses = stops
    .filter((p) => p.from < until)
    .map((p) => ({ from: p.from, to: p.to === null || p.to > until ? until : p.to }));
  // Still standing now (not met): the clock is paused and has no due time.
  const standing = !spec.metAt && stops.some((p) => p.from <= now && (p.to === null || now < p.to));
  const clock = clockOf(cal, { startedAt: spec.startedAt, minutes: spec.minutes, pauses, now: until });
  const dueAt = standing ? null : clock.dueAt;
  const riskClock =
    spec.metAt || standing
      ? null
      : clockOf(cal, { startedAt: spec.startedAt, minutes: spec.minutes * (1 - AT_RISK_SHARE), pauses, now });
  return {
    ...spec,
    dueAt,
    breachedAt: dueAt && dueAt <= until ? dueAt : null,
    businessMinutes: Math.round(clock.usedMinutes),
    riskAt: riskClock?.dueAt ?? null,
    running: !spec.metAt && !standing,
  };
}

/**
 * The cycles of next response: each customer message after a reply from the team starts one
 * (the first such message; more before the team answers belong to it), the team's next reply
 * meets it. The customer's first message is the first response's, not a cycle.
 */
function responseCycles(messages: TicketMessage[]): { startedAt: Date; metAt: Date | null }[] {
  const cycles: { startedAt: Date; metAt: Date | null }[] = [];
  let teamReplied = false;
  let open: { startedAt: Date; metAt: Date | null } | null = null;
  for (const message of [...messages].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (message.by === "team") {
      if (open) open.metAt = message.at;
      open = null;
      teamReplied = true;
    } else if (teamReplied && !open) {
      open = { startedAt: message.at, metAt: null };
      cycles.push(open);
    }
  }
  return cycles;
}

/**
 * The ticket's SLA under the targets and calendar that apply to it. Every target stands still
 * while the ticket is pending or done; the resolution target is met when the ticket is resolved
 * (and runs on with the time left when it is reopened).
 */
export function ticketSla(cal: CalendarSpec, minutes: TargetMinutes, t: TicketTimeline, now: Date): TicketSla {
  const stops: Pause[] = t.stops.map(({ from, to }) => ({ from, to }));
  const done = t.stops.find((s) => s.reason === "done" && s.to === null);
  const first = runTarget(
    cal,
    {
      target: "first_response",
      cycle: 0,
      minutes: minutes.firstResponse,
      startedAt: t.createdAt,
      metAt: t.firstRespondedAt,
    },
    stops,
    now,
  );
  const cycles = responseCycles(t.messages).map((cycle, i) =>
    runTarget(cal, { target: "next_response", cycle: i + 1, minutes: minutes.nextResponse, ...cycle }, stops, now),
  );
  // Resolved: met at the moment it was done. Pauses while pending still count as stops.
  const resolution = runTarget(
    cal,
    { target: "resolution", cycle: 0, minutes: minutes.resolution, startedAt: t.createdAt, metAt: done?.from ?? null },
    stops,
    now,
  );
  const open = cycles.find((c) => !c.metAt);
  const risks = [first, ...cycles, resolution].filter((r) => r.running && r.riskAt).map((r) => r.riskAt!.getTime());
  const paused = t.stops.some((s) => s.reason === "pending" && s.to === null);
  return {
    firstResponseDueAt: first.dueAt,
    nextResponseDueAt: open?.dueAt ?? null,
    resolutionDueAt: resolution.dueAt,
    slaRiskAt: risks.length ? new Date(Math.min(...risks)) : null,
    paused,
    targets: [first, ...cycles, resolution].map(({ riskAt: _riskAt, running: _running, ...record }) => record),
  };
}
