import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { PLANS, planRequiredError } from "@/lib/plans/limits";
import type {
  BusinessCalendar,
  BusinessCalendarInput,
  BusinessCalendarList,
  BusinessCalendarPatch,
} from "@/lib/schemas/business-hours";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { recordEvent } from "@/lib/services/audit";
import { lockOrganization } from "@/lib/services/users/seats";
import { CALENDAR_ORDER, specOf } from "./calendar-specs";
import { forgetSlaSetup } from "./setup";

type Tx = Prisma.TransactionClient;

export const CALENDAR_NOT_FOUND = "Calendar not found";
export const CALENDAR_NAME_TAKEN = "A calendar with this name already exists";
export const DEFAULT_KEPT = "Make another calendar the default instead.";
export const DEFAULT_NOT_DELETABLE =
  "This is the default calendar. Make another calendar the default before deleting it.";

/** The refusal to delete a calendar that SLA policies count in, naming them. */
export const usedByPolicies = (names: string[]) =>
  names.length === 1
    ? `Used by the SLA policy ${names[0]}. Choose another calendar for it first.`
    : `Used by the SLA policies ${names.join(", ")}. Choose another calendar for them first.`;

const SELECT = {
  id: true,
  name: true,
  timeZone: true,
  hours: true,
  holidays: true,
  isDefault: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { policies: true } },
} as const satisfies Prisma.BusinessCalendarSelect;

type Row = Prisma.BusinessCalendarGetPayload<{ select: typeof SELECT }>;

const toJson = ({ _count, ...row }: Row): BusinessCalendar => ({
  id: row.id,
  name: row.name,
  ...specOf(row),
  isDefault: row.isDefault,
  policies: _count.policies,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** Calendars come with SLA policies: on the plans without them (Starter keeps the fixed targets) not even a read. */
function assertPlanAllows(plan: Plan) {
  if (PLANS[plan].slaPolicies === 0) throw planRequiredError("Business-hours calendars", "pro");
}

/** A name clash found by the unique index reads like the one a person would be told of. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CALENDAR_NAME_TAKEN);
    throw error;
  }
}

/**
 * A change to the organisation's calendars, in one transaction under the organisation's lock,
 * so that two changes of the default at once still leave exactly one; refused on plans without
 * calendars.
 */
async function calendarsWrite<T>(user: SessionUser, write: (tx: Tx) => Promise<T>): Promise<T> {
  const done = await nameChecked(() =>
    db.$transaction(async (tx) => {
      assertPlanAllows((await lockOrganization(tx, user.organizationId)).plan);
      return write(tx);
    }),
  );
  // This process's next ticket change counts in the new hours, not after the notice.
  forgetSlaSetup(user.organizationId);
  return done;
}

/**
 * The calendar's row, locked until the transaction ends: a policy that would start counting in
 * it waits for a deletion to finish (and then finds it gone), or the deletion sees the policy.
 * Another organisation's calendar is a 404.
 */
async function lockCalendar(tx: Tx, user: SessionUser, id: string) {
  const [row] = await tx.$queryRaw<{ id: string; name: string; isDefault: boolean }[]>`
    SELECT "id", "name", "isDefault" FROM "BusinessCalendar"
    WHERE "id" = ${id} AND "organizationId" = ${user.organizationId} FOR UPDATE`;
  if (!row) throw notFound(CALENDAR_NOT_FOUND);
  return row;
}

/** The default moves: the organisation's current one stops being it (the new one is written next). */
const releaseDefault = (tx: Tx, organizationId: string) =>
  tx.businessCalendar.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } });

function recordCalendarEvent(
  tx: Tx,
  user: SessionUser,
  action: string,
  calendar: { id: string; name: string },
  extra: Record<string, string | boolean> = {},
) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    actorLabel: user.fullName,
    action,
    targetType: "business_hours",
    targetId: calendar.id,
    metadata: { name: calendar.name, ...extra },
  });
}

/**
 * The organisation's time zone: its default business calendar's (every organisation has one, the
 * 24/7 calendar in UTC until an admin sets another). What "a day" means in the list's ranges and
 * the reports.
 */
export async function organizationTimeZone(organizationId: string): Promise<string> {
  const calendar = await db.businessCalendar.findFirst({
    where: { organizationId, isDefault: true },
    select: { timeZone: true },
  });
  return calendar?.timeZone ?? "UTC";
}

/** The organisation's calendars, the default first, with its plan. */
export async function listCalendars(user: SessionUser): Promise<BusinessCalendarList> {
  const { plan } = await db.organization.findUniqueOrThrow({
    where: { id: user.organizationId },
    select: { plan: true },
  });
  assertPlanAllows(plan);
  const rows = await db.businessCalendar.findMany({
    where: { organizationId: user.organizationId },
    select: SELECT,
    orderBy: CALENDAR_ORDER,
  });
  return { calendars: rows.map(toJson), plan };
}

/** A new calendar; made the default, it takes that from the old one. */
export function createCalendar(user: SessionUser, input: BusinessCalendarInput): Promise<BusinessCalendar> {
  return calendarsWrite(user, async (tx) => {
    if (input.isDefault) await releaseDefault(tx, user.organizationId);
    const created = await tx.businessCalendar.create({
      data: {
        organizationId: user.organizationId,
        name: input.name,
        nameKey: input.name.toLowerCase(),
        timeZone: input.timeZone,
        hours: input.hours,
        holidays: input.holidays,
        isDefault: input.isDefault,
      },
      select: SELECT,
    });
    await recordCalendarEvent(
      tx,
      user,
      "business_hours.created",
      created,
      input.isDefault ? { madeDefault: true } : {},
    );
    return toJson(created);
  });
}

/**
 * Changes the fields sent. The default is given away only by making another calendar the
 * default: `isDefault: false` on it is a 400, so the organisation never goes without one.
 */
export function updateCalendar(user: SessionUser, id: string, patch: BusinessCalendarPatch): Promise<BusinessCalendar> {
  return calendarsWrite(user, async (tx) => {
    const found = await lockCalendar(tx, user, id);
    if (patch.isDefault === false && found.isDefault)
      throw badRequest(DEFAULT_KEPT, [{ path: "isDefault", message: DEFAULT_KEPT }]);
    const madeDefault = patch.isDefault === true && !found.isDefault;
    if (madeDefault) await releaseDefault(tx, user.organizationId);
    const updated = await tx.businessCalendar.update({
      where: { id: found.id },
      data: {
        ...(patch.name !== undefined && { name: patch.name, nameKey: patch.name.toLowerCase() }),
        ...(patch.timeZone !== undefined && { timeZone: patch.timeZone }),
        ...(patch.hours !== undefined && { hours: patch.hours }),
        ...(patch.holidays !== undefined && { holidays: patch.holidays }),
        ...(madeDefault && { isDefault: true }),
      },
      select: SELECT,
    });
    await recordCalendarEvent(tx, user, "business_hours.updated", updated, {
      ...(updated.name !== found.name && { from: found.name }),
      ...(madeDefault && { madeDefault: true }),
    });
    return toJson(updated);
  });
}

/** Deletes a calendar that is not the default and that no SLA policy counts in (else 409, saying why). */
export function deleteCalendar(user: SessionUser, id: string): Promise<void> {
  return calendarsWrite(user, async (tx) => {
    const found = await lockCalendar(tx, user, id);
    if (found.isDefault) throw conflict(DEFAULT_NOT_DELETABLE);
    const policies = await tx.slaPolicy.findMany({
      where: { organizationId: user.organizationId, calendarId: found.id },
      select: { name: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    if (policies.length > 0) throw conflict(usedByPolicies(policies.map((p) => p.name)));
    await tx.businessCalendar.delete({ where: { id: found.id } });
    await recordCalendarEvent(tx, user, "business_hours.deleted", found);
  });
}
