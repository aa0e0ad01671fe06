import "server-only";
import { Prisma, type Ticket as TicketModel } from "@/generated/prisma/client";
import type { GroupAssignment } from "@/generated/prisma/enums";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";
import { PRODUCT_NAME } from "@/lib/site/product";
import { OPEN_STATUSES } from "@/lib/tickets/fields";
import { recordEvent, ruleActor } from "@/lib/services/audit";

type Tx = Prisma.TransactionClient;

type LockedGroup = {
  id: string;
  name: string;
  assignment: GroupAssignment;
  maxOpenPerAgent: number | null;
  lastAssignedUserId: string | null;
};

/** A member who may be given a ticket now, with the open tickets they hold. */
type Candidate = { id: string; open: number };

/**
 * The group's row, locked until the caller's transaction commits: two tickets entering the group
 * at once take their turns one after the other, each seeing the turn and the open tickets the
 * other left. NO KEY UPDATE, not UPDATE: tickets joining the group (their foreign key) go on.
 */
async function lockGroup(tx: Tx, organizationId: string, groupId: string): Promise<LockedGroup | null> {
  const [group] = await tx.$queryRaw<LockedGroup[]>`
    SELECT "id", "name", "assignment", "maxOpenPerAgent", "lastAssignedUserId" FROM "Group"
    WHERE "id" = ${groupId} AND "organizationId" = ${organizationId} FOR NO KEY UPDATE`;
  return group ?? null;
}

/**
 * The members who may be given a ticket, in turn order (by id, starting after the member the group
 * last gave one to; compared byte by byte, here as in the database): active agents and admins who
 * are available, each with their open tickets (in any group) counted from an index of tickets by
 * assignee and status.
 */
async function candidates(tx: Tx, organizationId: string, group: LockedGroup): Promise<Candidate[]> {
  const rows = await tx.$queryRaw<Candidate[]>`
    SELECT u."id", (
      SELECT count(*)::int FROM "Ticket" t
      WHERE t."organizationId" = ${organizationId} AND t."assignedToId" = u."id"
        AND t."status" IN (${Prisma.join(OPEN_STATUSES.map((s) => Prisma.sql`${s}::"TicketStatus"`))})
    ) AS "open"
    FROM "GroupMember" m JOIN "User" u ON u."id" = m."userId"
    WHERE m."groupId" = ${group.id} AND u."organizationId" = ${organizationId} AND u."isActive"
      AND u."availability" = 'available'
      AND u."role" IN (${Prisma.join(ASSIGNABLE_ROLES.map((r) => Prisma.sql`${r}::"Role"`))})
    ORDER BY u."id" COLLATE "C"`;
  const last = group.lastAssignedUserId;
  if (!last) return rows;
  const after = rows.findIndex((m) => m.id > last);
  return after < 0 ? rows : [...rows.slice(after), ...rows.slice(0, after)];
}

/**
 * Whom the group's mode gives the next ticket: round robin the next member in turn, balanced
 * the member with the fewest open tickets (ties in turn); members at the cap are passed by.
 * Nobody left: null, the ticket waits unassigned in the group.
 */
function pickMember(group: Pick<LockedGroup, "assignment" | "maxOpenPerAgent">, inTurn: Candidate[]) {
  const cap = group.maxOpenPerAgent;
  const open = cap === null ? inTurn : inTurn.filter((m) => m.open < cap);
  if (open.length === 0) return null;
  if (group.assignment === "round_robin") return open[0].id;
  return open.reduce((best, m) => (m.open < best.open ? m : best)).id;
}

/** Who set the assignment off: a rule (named in the history), or the product itself (an agent moved the ticket into the group). */
export type AssignmentCause = { rule?: string };

/**
 * Gives an unassigned ticket in a group to a member by the group's mode, inside the caller's
 * transaction (the ticket already locked by it): the turn moves on, the history reads "... assigned
 * the ticket to Sam by Billing's round robin", and the ticket's version rises as with any change.
 * The ticket as it is now, or null when it stays as it was: no group, already assigned, a manual
 * group, or nobody available under the cap.
 */
export async function assignInGroup(
  tx: Tx,
  ticket: Pick<TicketModel, "id" | "organizationId" | "groupId" | "assignedToId">,
  cause: AssignmentCause,
  now: Date,
): Promise<TicketModel | null> {
  if (!ticket.groupId || ticket.assignedToId) return null;
  const group = await lockGroup(tx, ticket.organizationId, ticket.groupId);
  if (!group || group.assignment === "manual") return null;
  const chosen = pickMember(group, await candidates(tx, ticket.organizationId, group));
  if (!chosen) return null;

  const updated = await tx.ticket.update({
    where: { id: ticket.id, organizationId: ticket.organizationId },
    data: { assignedTo: { connect: { id: chosen } }, updatedAt: now },
  });
  // Raw, so the group's updatedAt keeps saying when an admin last changed it.
  await tx.$executeRaw`UPDATE "Group" SET "lastAssignedUserId" = ${chosen} WHERE "id" = ${group.id}`;
  await recordEvent(tx, {
    organizationId: ticket.organizationId,
    ...(cause.rule ? ruleActor(cause.rule) : { actorType: "system", actorLabel: PRODUCT_NAME }),
    action: "ticket.assigned",
    targetType: "ticket",
    targetId: ticket.id,
    ticketId: ticket.id,
    metadata: {
      field: "assignee",
      from: null,
      to: chosen,
      assignment: group.assignment,
      groupName: group.name,
      ...(cause.rule ? { rule: cause.rule } : {}),
    },
  });
  return updated;
}
