import { conditionText, wordList, type RuleNames } from "@/lib/automations/labels";
import type { Conditions } from "@/lib/schemas/automations";
import { conditionHolds, conditionsHold, type RuleTicket } from "@/lib/services/automations/conditions";

/**
 * Which SLA policy a ticket falls under, read with the automation rules' own conditions on the
 * same view of the ticket, so a policy and a rule never disagree about what a condition means.
 */

/** What matching reads of a policy. */
export type MatchablePolicy = { position: number; conditions: Conditions };

/** A policy's conditions never name a clock (its schema refuses them): the moment they are read at does not matter. */
const ANY_MOMENT = new Date(0);

/**
 * The first policy, in position order, whose conditions hold for the ticket; null when none
 * does, and the organisation's default targets apply.
 */
export function policyFor<P extends MatchablePolicy>(policies: readonly P[], ticket: RuleTicket): P | null {
  const inOrder = [...policies].sort((a, b) => a.position - b.position);
  return inOrder.find((p) => conditionsHold(p.conditions, ticket, ANY_MOMENT)) ?? null;
}

/**
 * Why the policy takes the ticket, in the rule editor's words: each condition of "all of" and
 * those of "any of" that hold. Empty for a policy that takes every ticket.
 */
export function policyReasons(policy: MatchablePolicy, ticket: RuleTicket, names: RuleNames): string[] {
  const { all, any } = policy.conditions;
  return [...all, ...any.filter((c) => conditionHolds(c, ticket, ANY_MOMENT))].map((c) => conditionText(c, names));
}

/** "VIP: the priority is Urgent and the tags include 'vip'", or "Everyone: every ticket". */
export function policyReason(policy: MatchablePolicy & { name: string }, ticket: RuleTicket, names: RuleNames): string {
  const reasons = policyReasons(policy, ticket, names);
  return `${policy.name}: ${reasons.length ? wordList(reasons, "and") : "every ticket"}`;
}
