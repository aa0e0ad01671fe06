import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { conflict, notFound } from "@/lib/errors";
import { PLANS, UNLIMITED, planLimitError, planRequiredError, withinLimit } from "@/lib/plans/limits";
import type { Conditions } from "@/lib/schemas/automations";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { SlaPolicy, SlaPolicyInput, SlaPolicyList, SlaPolicyPatch, SlaTargets } from "@/lib/schemas/sla-policies";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { recordEvent } from "@/lib/services/audit";
import { lockOrganization } from "@/lib/services/users/seats";
import { assertConditionsOwn, policyCalendar } from "./policy-references";
import { forgetSlaSetup } from "./setup";

type Tx = Prisma.TransactionClient;

export const SLA_POLICY_NOT_FOUND = "SLA policy not found";
export const SLA_POLICY_NAME_TAKEN = "An SLA policy with this name already exists";

const SELECT = {
  id: true,
  name: true,
  position: true,
  calendar: { select: { id: true, name: true } },
  conditions: true,
  targets: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.SlaPolicySelect;

type Row = Prisma.SlaPolicyGetPayload<{ select: typeof SELECT }>;

/** Stored as the API took them (lib/schemas/sla-policies.ts checked them before they were saved). */
const toJson = (row: Row): SlaPolicy => ({
  ...row,
  conditions: row.conditions as Conditions,
  targets: row.targets as SlaTargets,
});

/** Policies are Pro's and Enterprise's; the lower plans keep the fixed targets around the clock. */
function assertPlanAllows(plan: Plan) {
  if (PLANS[plan].slaPolicies === 0) throw planRequiredError("SLA policies", "pro");
}

function recordPolicyEvent(
  tx: Tx,
  user: SessionUser,
  action: string,
  policy: { id: string; name: string },
  extra: Record<string, string | number> = {},
) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    actorLabel: user.fullName,
    action,
    targetType: "sla_policy",
    targetId: policy.id,
    metadata: { name: policy.name, ...extra },
  });
}

/**
 * One change to the organisation's policies, made under its lock (so the count against the
 * plan and the positions are never raced) once its plan allows policies. A name clash found by
 * the database reads like any other.
 */
async function policiesWrite<T>(user: SessionUser, write: (tx: Tx, plan: Plan) => Promise<T>): Promise<T> {
  try {
    const done = await db.$transaction(async (tx) => {
      const { plan } = await lockOrganization(tx, user.organizationId);
      assertPlanAllows(plan);
      return write(tx, plan);
    });
    // This process's next ticket change counts with the new policies, not after the notice.
    forgetSlaSetup(user.organizationId);
    return done;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLA_POLICY_NAME_TAKEN);
    throw error;
  }
}

async function findPolicy(tx: Tx, organizationId: string, id: string) {
  const found = await tx.slaPolicy.findFirst({
    where: { id, organizationId },
    select: { id: true, name: true, position: true },
  });
  if (!found) throw notFound(SLA_POLICY_NOT_FOUND);
  return found;
}

const inOrder = [{ position: "asc" }, { id: "asc" }] satisfies Prisma.SlaPolicyOrderByWithRelationInput[];

/** Numbers the organisation's policies 1, 2, 3 ... in the order given. */
async function renumber(tx: Tx, organizationId: string, ids: string[]) {
  await tx.$executeRaw`
    UPDATE "SlaPolicy" AS p SET "position" = o.ord, "updatedAt" = now()
    FROM unnest(${ids}::text[]) WITH ORDINALITY AS o(id, ord)
    WHERE p."id" = o.id AND p."organizationId" = ${organizationId} AND p."position" <> o.ord`;
}

async function orderedIds(tx: Tx, organizationId: string): Promise<string[]> {
  const rows = await tx.slaPolicy.findMany({ where: { organizationId }, select: { id: true }, orderBy: inOrder });
  return rows.map((r) => r.id);
}

/** Moves the policy to `position` (past the last: to the end), the others making room; where it ended up. */
async function movePolicy(tx: Tx, organizationId: string, id: string, position: number): Promise<number> {
  const others = (await orderedIds(tx, organizationId)).filter((other) => other !== id);
  const to = Math.min(position, others.length + 1);
  others.splice(to - 1, 0, id);
  await renumber(tx, organizationId, others);
  return to;
}

/** The organisation's policies in the order they are tried, with what its plan allows. */
export async function listSlaPolicies(user: SessionUser): Promise<SlaPolicyList> {
  const [rows, org] = await Promise.all([
    db.slaPolicy.findMany({ where: { organizationId: user.organizationId }, select: SELECT, orderBy: inOrder }),
    db.organization.findUniqueOrThrow({ where: { id: user.organizationId }, select: { plan: true } }),
  ]);
  assertPlanAllows(org.plan);
  const limit = PLANS[org.plan].slaPolicies;
  return { policies: rows.map(toJson), plan: org.plan, limit: limit === UNLIMITED ? null : limit };
}

/** A new policy, tried last; past the plan's number of policies it is refused. */
export function createSlaPolicy(user: SessionUser, input: SlaPolicyInput): Promise<SlaPolicy> {
  const organizationId = user.organizationId;
  return policiesWrite(user, async (tx, plan) => {
    const count = await tx.slaPolicy.count({ where: { organizationId } });
    if (!withinLimit(PLANS[plan].slaPolicies, count)) throw planLimitError({ plan, resource: "sla_policies" });
    const calendar = await policyCalendar(tx, organizationId, input.calendarId);
    await assertConditionsOwn(tx, organizationId, input.conditions);
    const last = await tx.slaPolicy.aggregate({ where: { organizationId }, _max: { position: true } });
    const created = await tx.slaPolicy.create({
      data: {
        organizationId,
        name: input.name,
        nameKey: input.name.toLowerCase(),
        position: (last._max.position ?? 0) + 1,
        calendarId: calendar.id,
        conditions: input.conditions as Prisma.InputJsonObject,
        targets: input.targets,
      },
      select: SELECT,
    });
    await recordPolicyEvent(tx, user, "sla_policy.created", created);
    return toJson(created);
  });
}

/** Changes the parts sent and moves the policy when a position is sent; another organisation's policy is a 404. */
export function updateSlaPolicy(user: SessionUser, id: string, patch: SlaPolicyPatch): Promise<SlaPolicy> {
  const organizationId = user.organizationId;
  return policiesWrite(user, async (tx) => {
    const found = await findPolicy(tx, organizationId, id);
    const { position, ...parts } = patch;
    if (Object.values(parts).some((v) => v !== undefined)) {
      const calendar =
        parts.calendarId === undefined ? undefined : await policyCalendar(tx, organizationId, parts.calendarId);
      if (parts.conditions) await assertConditionsOwn(tx, organizationId, parts.conditions);
      await tx.slaPolicy.update({
        where: { id, organizationId },
        data: {
          ...(parts.name !== undefined && { name: parts.name, nameKey: parts.name.toLowerCase() }),
          ...(calendar && { calendarId: calendar.id }),
          ...(parts.conditions && { conditions: parts.conditions as Prisma.InputJsonObject }),
          ...(parts.targets && { targets: parts.targets }),
        },
      });
      const renamed = parts.name !== undefined && parts.name !== found.name;
      await recordPolicyEvent(
        tx,
        user,
        "sla_policy.updated",
        { id, name: parts.name ?? found.name },
        renamed ? { from: found.name } : {},
      );
    }
    if (position !== undefined) {
      const to = await movePolicy(tx, organizationId, id, position);
      if (to !== found.position)
        await recordPolicyEvent(
          tx,
          user,
          "sla_policy.moved",
          { id, name: parts.name ?? found.name },
          { from: found.position, to },
        );
    }
    return toJson(await tx.slaPolicy.findUniqueOrThrow({ where: { id }, select: SELECT }));
  });
}

/** Deletes a policy; those after it move up. */
export async function deleteSlaPolicy(user: SessionUser, id: string): Promise<void> {
  const organizationId = user.organizationId;
  await policiesWrite(user, async (tx) => {
    const found = await findPolicy(tx, organizationId, id);
    await tx.slaPolicy.delete({ where: { id, organizationId } });
    await renumber(tx, organizationId, await orderedIds(tx, organizationId));
    await recordPolicyEvent(tx, user, "sla_policy.deleted", found);
  });
}
