import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { badRequest, notFound } from "@/lib/errors";
import { PLANS, UNLIMITED, planLimitError, planRequiredError, withinLimit } from "@/lib/plans/limits";
import {
  timeConditionProblem,
  type Action,
  type Automation,
  type AutomationInput,
  type AutomationList,
  type AutomationOrder,
  type AutomationPatch,
  type AutomationWhen,
  type Conditions,
} from "@/lib/schemas/automations";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { recordEvent } from "@/lib/services/audit";
import { lockOrganization } from "@/lib/services/users/seats";
import { forgetOrganizationRules } from "./active-rules";
import { assertReferencesOwn } from "./references";

type Tx = Prisma.TransactionClient;

export const AUTOMATION_NOT_FOUND = "Automation rule not found";

const SELECT = {
  id: true,
  name: true,
  when: true,
  conditions: true,
  actions: true,
  active: true,
  position: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.AutomationSelect;

type Row = Prisma.AutomationGetPayload<{ select: typeof SELECT }>;

/** Stored as the API took them (lib/schemas/automations.ts checked them before they were saved). */
const toJson = (row: Row): Automation => ({
  ...row,
  conditions: row.conditions as Conditions,
  actions: row.actions as Action[],
});

/** Condition values are JSON as parsed from the request (text, numbers, lists, null). */
const storedConditions = (conditions: Conditions) => conditions as Prisma.InputJsonObject;

/**
 * What the plan allows a rule: event rules from Pro, time rules on Enterprise; then that a time
 * rule waits for something (timeConditionProblem). Checked for a rule being created, changed or
 * previewed; switching one off is always allowed.
 */
export function assertPlanAllows(plan: Plan, { when, conditions }: { when: AutomationWhen; conditions: Conditions }) {
  if (PLANS[plan].automations === 0) throw planRequiredError("Automation rules", "pro");
  if (when === "time" && !PLANS[plan].timeRules) throw planRequiredError("Time rules", "enterprise");
  const problem = timeConditionProblem(when, conditions);
  if (problem) throw badRequest(problem, [{ path: "conditions.all", message: problem }]);
}

/** Past the plan's number of active rules another one may not be switched on (under the organisation's lock). */
async function assertActiveRoom(tx: Tx, organizationId: string, plan: Plan, exceptId?: string) {
  const limit = PLANS[plan].automations;
  if (limit === UNLIMITED) return;
  const active = await tx.automation.count({
    where: { organizationId, active: true, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (!withinLimit(limit, active)) throw planLimitError({ plan, resource: "automations" });
}

function recordRuleEvent(tx: Tx, user: SessionUser, action: string, rule: { id: string; name: string }) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    actorLabel: user.fullName,
    action,
    targetType: "automation",
    targetId: rule.id,
    metadata: { name: rule.name },
  });
}

async function planOf(organizationId: string): Promise<Plan> {
  const org = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { plan: true } });
  return org.plan;
}

/** The organisation's rules in the order they run, with what its plan allows. */
export async function listAutomations(user: SessionUser): Promise<AutomationList> {
  const [rows, plan] = await Promise.all([
    db.automation.findMany({
      where: { organizationId: user.organizationId },
      select: SELECT,
      orderBy: [{ position: "asc" }, { id: "asc" }],
    }),
    planOf(user.organizationId),
  ]);
  const { automations, timeRules } = PLANS[plan];
  return {
    automations: rows.map(toJson),
    plan,
    eventRules: automations !== 0,
    timeRules,
    activeLimit: automations === UNLIMITED ? null : automations,
  };
}

/**
 * A write of the organisation's rules; once committed, this process reads them again at the next
 * ticket change (the others hear of it through the rules' trigger).
 */
async function rulesWrite<T>(organizationId: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  const done = await db.$transaction(write);
  forgetOrganizationRules(organizationId);
  return done;
}

/** A new rule, last in the order. */
export async function createAutomation(user: SessionUser, input: AutomationInput): Promise<Automation> {
  const organizationId = user.organizationId;
  return rulesWrite(organizationId, async (tx) => {
    const { plan } = await lockOrganization(tx, organizationId);
    assertPlanAllows(plan, input);
    await assertReferencesOwn(tx, organizationId, input);
    if (input.active) await assertActiveRoom(tx, organizationId, plan);
    const last = await tx.automation.aggregate({ where: { organizationId }, _max: { position: true } });
    const created = await tx.automation.create({
      data: {
        organizationId,
        name: input.name,
        when: input.when,
        conditions: storedConditions(input.conditions),
        actions: input.actions,
        active: input.active,
        position: (last._max.position ?? -1) + 1,
      },
      select: SELECT,
    });
    await recordRuleEvent(tx, user, "automation.created", created);
    return toJson(created);
  });
}

const onlySwitchesOff = (patch: AutomationPatch) =>
  patch.active === false && Object.entries(patch).every(([k, v]) => k === "active" || v === undefined);

/** Changes some of a rule's parts; another organisation's rule is a 404. */
export async function updateAutomation(user: SessionUser, id: string, patch: AutomationPatch): Promise<Automation> {
  const organizationId = user.organizationId;
  return rulesWrite(organizationId, async (tx) => {
    const { plan } = await lockOrganization(tx, organizationId);
    const found = await tx.automation.findFirst({
      where: { id, organizationId },
      select: { when: true, active: true, conditions: true },
    });
    if (!found) throw notFound(AUTOMATION_NOT_FOUND);
    if (!onlySwitchesOff(patch)) {
      assertPlanAllows(plan, {
        when: patch.when ?? found.when,
        conditions: patch.conditions ?? (found.conditions as Conditions),
      });
      await assertReferencesOwn(tx, organizationId, patch);
      if ((patch.active ?? found.active) && !found.active) await assertActiveRoom(tx, organizationId, plan, id);
    }
    const updated = await tx.automation.update({
      where: { id, organizationId },
      data: {
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.when !== undefined && { when: patch.when }),
        ...(patch.conditions !== undefined && { conditions: storedConditions(patch.conditions) }),
        ...(patch.actions !== undefined && { actions: patch.actions }),
        ...(patch.active !== undefined && { active: patch.active }),
      },
      select: SELECT,
    });
    await recordRuleEvent(tx, user, "automation.updated", updated);
    return toJson(updated);
  });
}

/** Deletes a rule (allowed on every plan, so a team that moved down can tidy up). */
export async function deleteAutomation(user: SessionUser, id: string): Promise<void> {
  await rulesWrite(user.organizationId, async (tx) => {
    const found = await tx.automation.findFirst({
      where: { id, organizationId: user.organizationId },
      select: { id: true, name: true },
    });
    if (!found) throw notFound(AUTOMATION_NOT_FOUND);
    await tx.automation.delete({ where: { id, organizationId: user.organizationId } });
    await recordRuleEvent(tx, user, "automation.deleted", found);
  });
}

export const ORDER_MISMATCH = "List every rule of the organisation once, in the order they should run";

/** Puts the rules in the given order: the list names each of the organisation's rules exactly once. */
export async function reorderAutomations(user: SessionUser, { ids }: AutomationOrder): Promise<AutomationList> {
  const organizationId = user.organizationId;
  await rulesWrite(organizationId, async (tx) => {
    await lockOrganization(tx, organizationId);
    const rows = await tx.automation.findMany({ where: { organizationId }, select: { id: true } });
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id)))
      throw badRequest(ORDER_MISMATCH, [{ path: "ids", message: ORDER_MISMATCH }]);
    await tx.$executeRaw`
      UPDATE "Automation" AS a SET "position" = o.ord - 1, "updatedAt" = now()
      FROM unnest(${ids}::text[]) WITH ORDINALITY AS o(id, ord)
      WHERE a."id" = o.id AND a."organizationId" = ${organizationId}`;
    await recordEvent(tx, {
      organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "automation.reordered",
      targetType: "automation",
    });
  });
  return listAutomations(user);
}
