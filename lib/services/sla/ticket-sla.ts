import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import type { RuleTicket } from "@/lib/services/automations/conditions";
import { originOf, supportAddressOf } from "@/lib/services/automations/origin";
import { tagNames } from "@/lib/services/tickets/tags";
import { recordEvent } from "@/lib/services/audit";
import { PRODUCT_NAME } from "@/lib/site/product";
import { ticketSla, type ClockStop, type TicketSla, type TicketTimeline } from "@/lib/sla/ticket-clock";
import { policyFor } from "./matching";
import { defaultSla, policySla, slaSetup, type AppliedSla, type SetupPolicy } from "./setup";

type Tx = Prisma.TransactionClient;

/** What the SLA reads of a stored ticket. */
type SlaRow = {
  id: string;
  organizationId: string;
  subject: string;
  description: string;
  customerEmail: string;
  raisedByCustomer: boolean;
  priority: TicketPriority;
  status: TicketStatus;
  groupId: string | null;
  assignedToId: string | null;
  tagIds: string[];
  createdAt: Date;
  updatedAt: Date;
  statusChangedAt: Date;
  assigneeChangedAt: Date;
  teamRepliedAt: Date;
  firstRespondedAt: Date | null;
  slaPolicyId: string | null;
};

/** Whether any policy looks at how the ticket came in (then it is read; else not). */
const asksOrigin = (policies: SetupPolicy[]) =>
  policies.some((p) =>
    [...p.conditions.all, ...p.conditions.any].some((c) => c.field === "entrance" || c.field === "support_address"),
  );

/** The ticket as a policy's conditions read it (the automation rules' own view). */
export async function policyView(tx: Tx, row: SlaRow, policies: SetupPolicy[]): Promise<RuleTicket> {
  const origin = asksOrigin(policies) ? await originOf(tx, row) : { entrance: "agent" as const, supportEmailId: null };
  return {
    subject: row.subject,
    firstMessage: row.description,
    customerEmail: row.customerEmail,
    entrance: origin.entrance,
    supportAddress: await supportAddressOf(tx, row.organizationId, origin.supportEmailId),
    priority: row.priority,
    status: row.status,
    groupId: row.groupId,
    assigneeId: row.assignedToId,
    tags: await tagNames(tx, row.organizationId, row.tagIds),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    statusChangedAt: row.statusChangedAt,
    assigneeChangedAt: row.assigneeChangedAt,
    teamRepliedAt: row.teamRepliedAt,
  };
}

/** The policy whose targets apply to the ticket as it now stands, with its terms for its priority. */
export async function appliedSla(tx: Tx, row: SlaRow): Promise<AppliedSla> {
  const { policies } = await slaSetup(row.organizationId, tx);
  if (policies.length === 0) return defaultSla(row.priority);
  const policy = policyFor(policies, await policyView(tx, row, policies));
  return policy ? policySla(policy, row.priority) : defaultSla(row.priority);
}

/** The ticket's history as its clocks read it: when they stood still, and its public messages. */
export async function timelineOf(tx: Tx, row: SlaRow): Promise<TicketTimeline> {
  const [stops, messages] = await Promise.all([
    tx.$queryRaw<{ reason: ClockStop["reason"]; from: Date; to: Date | null }[]>`
      SELECT "reason", "startedAt" AS "from", "endedAt" AS "to" FROM "TicketSlaPause"
      WHERE "ticketId" = ${row.id} ORDER BY "startedAt"`,
    // A mail from a sender whose domain did not vouch for it changed nothing: it starts no clock.
    tx.$queryRaw<{ at: Date; team: boolean }[]>`
      SELECT "createdAt" AS "at", "authorType" = 'agent' AS "team" FROM "Reply"
      WHERE "organizationId" = ${row.organizationId} AND "ticketId" = ${row.id} AND "type" = 'public' AND "senderVerified"
      ORDER BY "createdAt", "id"`,
  ]);
  return {
    createdAt: row.createdAt,
    firstRespondedAt: row.firstRespondedAt,
    stops,
    messages: messages.map((m) => ({ at: m.at, by: m.team ? "team" : "customer" })),
  };
}

const SLA_ROW = Prisma.sql`"id", "organizationId", "subject", "description", "customerEmail", "raisedByCustomer",
  "priority"::text AS "priority", "status"::text AS "status", "groupId", "assignedToId", "tagIds", "createdAt", "updatedAt",
  "statusChangedAt", "assigneeChangedAt", "teamRepliedAt", "firstRespondedAt", "slaPolicyId"`;

/**
 * Works the ticket's SLA out again from its history under the policy that now applies (a change
 * of priority, group or tags may bring another), and writes its due times, at-risk time, policy
 * and targets, in the caller's transaction, right after the change that called for it. Writing
 * them raises no version: the change did. Nothing when the ticket is gone.
 */
export async function refreshTicketSla(
  tx: Tx,
  ticket: { organizationId: string; id: string },
  now: Date,
): Promise<(TicketSla & { policy: AppliedSla["policy"] }) | null> {
  const [row] = await tx.$queryRaw<SlaRow[]>`
    SELECT ${SLA_ROW} FROM "Ticket" WHERE "id" = ${ticket.id} AND "organizationId" = ${ticket.organizationId}`;
  if (!row) return null;
  const applied = await appliedSla(tx, row);
  const sla = ticketSla(applied.calendar, applied.minutes, await timelineOf(tx, row), now);
  await writeTicketSla(tx, row, applied, sla);
  if ((applied.policy?.id ?? null) !== row.slaPolicyId) await recordPolicyChange(tx, row, applied.policy);
  return { ...sla, policy: applied.policy };
}

/**
 * The ticket's history says when another SLA policy took it (or the default targets did), so the
 * team sees why its due times moved. Written by the product itself.
 */
async function recordPolicyChange(tx: Tx, row: SlaRow, to: AppliedSla["policy"]) {
  const from = row.slaPolicyId
    ? await tx.slaPolicy.findUnique({ where: { id: row.slaPolicyId }, select: { name: true } })
    : null;
  await recordEvent(tx, {
    organizationId: row.organizationId,
    actorType: "system",
    actorLabel: PRODUCT_NAME,
    action: "ticket.sla_policy_changed",
    targetType: "ticket",
    targetId: row.id,
    ticketId: row.id,
    metadata: {
      field: "sla_policy",
      from: row.slaPolicyId,
      to: to?.id ?? null,
      fromName: from?.name ?? null,
      toName: to?.name ?? null,
    },
  });
}

/** A moment as the database takes it in an array (a zone in the text is ignored: times are stored in UTC). */
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The due times on the row (without raising its version) and the targets' rows, replaced. */
async function writeTicketSla(tx: Tx, row: SlaRow, applied: AppliedSla, sla: TicketSla) {
  const policyId = applied.policy?.id ?? null;
  await tx.$executeRaw`SELECT set_config('ticketry.sla_write', 'on', true)`;
  await tx.$executeRaw`
    UPDATE "Ticket" SET "firstResponseDueAt" = ${sla.firstResponseDueAt}, "nextResponseDueAt" = ${sla.nextResponseDueAt},
      "resolutionDueAt" = ${sla.resolutionDueAt}, "slaRiskAt" = ${sla.slaRiskAt}, "slaPolicyId" = ${policyId}
    WHERE "id" = ${row.id}`;
  await tx.$executeRaw`SELECT set_config('ticketry.sla_write', 'off', true)`;
  const t = sla.targets;
  await tx.$executeRaw`
    WITH gone AS (
      DELETE FROM "TicketSlaTarget" WHERE "ticketId" = ${row.id}
        AND ("target", "cycle") NOT IN (SELECT * FROM unnest(${t.map((r) => r.target)}::text[], ${t.map((r) => r.cycle)}::int[]))
    )
    INSERT INTO "TicketSlaTarget" ("ticketId", "organizationId", "target", "cycle", "slaPolicyId", "minutes", "startedAt",
      "dueAt", "metAt", "breachedAt", "businessMinutes")
    SELECT ${row.id}, ${row.organizationId}, r."target", r."cycle", ${policyId}, r."minutes", r."startedAt", r."dueAt",
      r."metAt", r."breachedAt", r."businessMinutes"
    FROM unnest(${t.map((r) => r.target)}::text[], ${t.map((r) => r.cycle)}::int[], ${t.map((r) => Math.round(r.minutes))}::int[],
      ${t.map((r) => iso(r.startedAt))}::timestamp(3)[], ${t.map((r) => iso(r.dueAt))}::timestamp(3)[],
      ${t.map((r) => iso(r.metAt))}::timestamp(3)[], ${t.map((r) => iso(r.breachedAt))}::timestamp(3)[], ${t.map((r) => r.businessMinutes)}::int[])
      AS r("target", "cycle", "minutes", "startedAt", "dueAt", "metAt", "breachedAt", "businessMinutes")
    ON CONFLICT ("ticketId", "target", "cycle") DO UPDATE SET "slaPolicyId" = EXCLUDED."slaPolicyId",
      "minutes" = EXCLUDED."minutes", "startedAt" = EXCLUDED."startedAt", "dueAt" = EXCLUDED."dueAt",
      "metAt" = EXCLUDED."metAt", "breachedAt" = EXCLUDED."breachedAt", "businessMinutes" = EXCLUDED."businessMinutes"`;
}
