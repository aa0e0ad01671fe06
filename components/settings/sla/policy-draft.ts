import type { TicketPriority } from "@/generated/prisma/enums";
import type { SlaTarget, SlaTargets } from "@/lib/schemas/sla-policies";
import { DEFAULT_TARGETS } from "@/lib/tickets/sla";
import { TICKET_PRIORITIES } from "@/lib/tickets/fields";
import { conditionDraft, conditionInput, type Choices, type ConditionDraft } from "../automations/rule-draft";
import type { PolicyJson } from "./queries";

/**
 * A policy as its editor holds it: conditions as the rule editor's rows, each target as the
 * hours and minutes typed, turned into business minutes only to preview or save.
 */

export const TARGETS = ["firstResponse", "nextResponse", "resolution"] as const satisfies readonly SlaTarget[];
export const TARGET_LABELS: Record<SlaTarget, string> = {
  firstResponse: "First reply",
  nextResponse: "Next reply",
  resolution: "Resolution",
};

export type DurationDraft = { hours: string; minutes: string };
export type TargetsDraft = Record<TicketPriority, Record<SlaTarget, DurationDraft>>;
export type PolicyDraft = {
  name: string;
  calendarId: string;
  all: ConditionDraft[];
  any: ConditionDraft[];
  targets: TargetsDraft;
};

const durationOf = (minutes: number): DurationDraft => ({
  hours: String(Math.floor(minutes / 60)),
  minutes: String(minutes % 60),
});

/** Typed hours and minutes as minutes (either may be left empty); NaN when something else was typed. */
export function minutesOf({ hours, minutes }: DurationDraft): number {
  const part = (text: string) => (text.trim() === "" ? 0 : Number(text));
  if (hours.trim() === "" && minutes.trim() === "") return Number.NaN;
  return part(hours) * 60 + part(minutes);
}

const targetsDraft = (targets: SlaTargets): TargetsDraft =>
  Object.fromEntries(
    TICKET_PRIORITIES.map((p) => [
      p,
      Object.fromEntries(TARGETS.map((t) => [t, durationOf(targets[p][t])])) as Record<SlaTarget, DurationDraft>,
    ]),
  ) as TargetsDraft;

/** The default targets as a starting point. */
const startingTargets = (): SlaTargets => structuredClone(DEFAULT_TARGETS);

export function emptyPolicyDraft(defaultCalendarId: string): PolicyDraft {
  return { name: "", calendarId: defaultCalendarId, all: [], any: [], targets: targetsDraft(startingTargets()) };
}

export function policyDraftOf(policy: PolicyJson, choices: Choices): PolicyDraft {
  return {
    name: policy.name,
    calendarId: policy.calendar.id,
    all: policy.conditions.all.map((c) => conditionDraft(c, choices)),
    any: policy.conditions.any.map((c) => conditionDraft(c, choices)),
    targets: targetsDraft(policy.targets),
  };
}

export function targetsInput(targets: TargetsDraft) {
  return Object.fromEntries(
    TICKET_PRIORITIES.map((p) => [p, Object.fromEntries(TARGETS.map((t) => [t, minutesOf(targets[p][t])]))]),
  );
}

/** The draft as the API takes it (the API's schema checks it before anything is sent). */
export function policyInput(draft: PolicyDraft) {
  return {
    name: draft.name,
    calendarId: draft.calendarId,
    conditions: { all: draft.all.map(conditionInput), any: draft.any.map(conditionInput) },
    targets: targetsInput(draft.targets),
  };
}

/** The fixed targets tickets no policy takes get, in hours around the clock. */
export const defaultTargetHours = (priority: TicketPriority) => ({
  firstResponse: DEFAULT_TARGETS[priority].firstResponse / 60,
  nextResponse: DEFAULT_TARGETS[priority].nextResponse / 60,
  resolution: DEFAULT_TARGETS[priority].resolution / 60,
});
