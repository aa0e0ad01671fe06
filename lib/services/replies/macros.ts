import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { PLANS, UNLIMITED, planLimitError, withinLimit } from "@/lib/plans/limits";
import { UNASSIGN, type Macro, type MacroChanges, type MacroInput, type MacroList } from "@/lib/schemas/macros";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { lockOrganization } from "@/lib/services/users/seats";
import { assertAssignable } from "@/lib/services/tickets/update";

export const MACRO_NAME_TAKEN = "A macro with this name already exists";
export const MACRO_NOT_FOUND = "Macro not found";
/** Applying a macro that was deleted (or never was one of this organisation's) since the agent picked it. */
export const MACRO_GONE =
  "This macro no longer exists (it may have been deleted). Your reply was not sent: remove the macro's changes and send it again.";

const MACRO_SELECT = {
  id: true,
  name: true,
  body: true,
  status: true,
  priority: true,
  assigneeId: true,
  unassign: true,
  tags: true,
  createdAt: true,
  updatedAt: true,
  assignee: { select: { fullName: true } },
} as const satisfies Prisma.MacroSelect;

type MacroRow = Prisma.MacroGetPayload<{ select: typeof MACRO_SELECT }>;

function toMacroJson(row: MacroRow): Macro {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    status: row.status,
    priority: row.priority,
    assignee: row.unassign ? UNASSIGN : row.assigneeId,
    assigneeName: row.unassign ? null : (row.assignee?.fullName ?? null),
    tags: row.tags,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The columns a macro's input is stored in: the assignee is a user of the organisation or "unassign". */
async function macroData(organizationId: string, input: MacroInput) {
  const unassign = input.assignee === UNASSIGN;
  const assigneeId = unassign ? null : input.assignee;
  if (assigneeId) await assertAssignable(organizationId, assigneeId);
  return {
    name: input.name,
    nameKey: input.name.toLowerCase(),
    body: input.body,
    status: input.status,
    priority: input.priority,
    assigneeId,
    unassign,
    tags: input.tags,
  };
}

/** A name clash found by the database (two saves at once) reads like the one checked up front. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MACRO_NAME_TAKEN);
    throw error;
  }
}

function recordMacroEvent(
  tx: Prisma.TransactionClient,
  user: SessionUser,
  action: string,
  macro: { id: string; name: string },
) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    ...staffAuthor(user),
    action,
    targetType: "macro",
    targetId: macro.id,
    metadata: { name: macro.name },
  });
}

/** The organisation's macros by name, with its plan's limit (agents see it too: the picker says why there are no more). */
export async function listMacros(user: SessionUser): Promise<MacroList> {
  const [rows, org] = await Promise.all([
    db.macro.findMany({
      where: { organizationId: user.organizationId },
      select: MACRO_SELECT,
      orderBy: [{ nameKey: "asc" }, { id: "asc" }],
    }),
    db.organization.findUniqueOrThrow({ where: { id: user.organizationId }, select: { plan: true } }),
  ]);
  const limit = PLANS[org.plan].macros;
  return { macros: rows.map(toMacroJson), limit: limit === UNLIMITED ? null : limit, plan: org.plan };
}

/**
 * A new macro, counted under the organisation's row lock like tickets, seats and support
 * addresses, so parallel creates cannot overshoot the plan's limit.
 */
export async function createMacro(user: SessionUser, input: MacroInput): Promise<Macro> {
  const organizationId = user.organizationId;
  const data = await macroData(organizationId, input);
  return nameChecked(() =>
    db.$transaction(async (tx) => {
      const { plan } = await lockOrganization(tx, organizationId);
      const used = await tx.macro.count({ where: { organizationId } });
      if (!withinLimit(PLANS[plan].macros, used)) throw planLimitError({ plan, resource: "macros" });
      const created = await tx.macro.create({
        data: { ...data, organizationId, createdById: user.id },
        select: MACRO_SELECT,
      });
      await recordMacroEvent(tx, user, "macro.created", created);
      return toMacroJson(created);
    }),
  );
}

/** Replaces a macro's name, text and field changes; another organisation's macro is a 404. */
export async function updateMacro(user: SessionUser, id: string, input: MacroInput): Promise<Macro> {
  const data = await macroData(user.organizationId, input);
  return nameChecked(() =>
    db.$transaction(async (tx) => {
      const found = await tx.macro.findFirst({
        where: { id, organizationId: user.organizationId },
        select: { id: true },
      });
      if (!found) throw notFound(MACRO_NOT_FOUND);
      const updated = await tx.macro.update({
        where: { id, organizationId: user.organizationId },
        data,
        select: MACRO_SELECT,
      });
      await recordMacroEvent(tx, user, "macro.updated", updated);
      return toMacroJson(updated);
    }),
  );
}

export async function deleteMacro(user: SessionUser, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await tx.macro.findFirst({
      where: { id, organizationId: user.organizationId },
      select: { id: true, name: true },
    });
    if (!found) throw notFound(MACRO_NOT_FOUND);
    await tx.macro.delete({ where: { id, organizationId: user.organizationId } });
    await recordMacroEvent(tx, user, "macro.deleted", found);
  });
}

/** What a macro applied with a reply changes, read (and held against deletion) in the reply's transaction. */
export type AppliedMacro = MacroChanges & { id: string; name: string };

/**
 * The macro an agent applied, locked for the reply's transaction so it cannot be deleted or
 * edited halfway; gone or another organisation's: 404 with a message saying the reply waits.
 */
export async function macroForReply(
  tx: Prisma.TransactionClient,
  organizationId: string,
  id: string,
): Promise<AppliedMacro> {
  const rows = await tx.$queryRaw<
    {
      id: string;
      name: string;
      status: MacroChanges["status"];
      priority: MacroChanges["priority"];
      assigneeId: string | null;
      unassign: boolean;
      tags: string[];
    }[]
  >`SELECT "id", "name", "status"::text AS "status", "priority"::text AS "priority", "assigneeId", "unassign", "tags"
    FROM "Macro" WHERE "id" = ${id} AND "organizationId" = ${organizationId} FOR SHARE`;
  const row = rows[0];
  if (!row) throw notFound(MACRO_GONE);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    priority: row.priority,
    assignee: row.unassign ? UNASSIGN : row.assigneeId,
    tags: row.tags,
  };
}

/** The assignee a macro sets, as the ticket change takes it (null unassigns); undefined leaves it alone. */
export async function macroAssignee(organizationId: string, macro: AppliedMacro): Promise<string | null | undefined> {
  if (macro.assignee === null) return undefined;
  if (macro.assignee === UNASSIGN) return null;
  try {
    await assertAssignable(organizationId, macro.assignee);
  } catch {
    throw badRequest(
      "The macro assigns the ticket to someone who is no longer an active agent. Edit the macro, or remove its changes and send again.",
    );
  }
  return macro.assignee;
}
