import "server-only";
import { resolveFieldFilters } from "@/lib/services/fields/list-filter";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import {
  SAVED_VIEWS_MAX,
  savedViewFiltersSchema,
  type SavedView,
  type SavedViewFilters,
  type SavedViewInput,
  type SavedViewList,
  type SavedViewOrder,
  type SavedViewPatch,
} from "@/lib/schemas/views";
import type { ListSort } from "@/lib/tickets/sort";
import { checkViewSort } from "@/lib/services/tickets/field-sort";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { lockOrganization } from "@/lib/services/users/seats";
import { countViews } from "@/lib/services/views/counts";
import { listTimeZone } from "@/lib/services/tickets/list-time-zone";

type Tx = Prisma.TransactionClient;

export const VIEW_NOT_FOUND = "View not found";
export const viewNameTaken = (name: string) => `A view named "${name}" already exists`;
export const viewLimit = (shared: boolean) =>
  shared
    ? `A team can have at most ${SAVED_VIEWS_MAX} shared views. Delete one to add another.`
    : `You can have at most ${SAVED_VIEWS_MAX} views of your own. Delete one to add another.`;
export const SHARED_VIEWS_ADMINS_ONLY = "Only admins can change the team's shared views";

const VIEW_SELECT = {
  id: true,
  ownerId: true,
  name: true,
  filters: true,
  sort: true,
  position: true,
} as const satisfies Prisma.SavedViewSelect;
type ViewRow = Prisma.SavedViewGetPayload<{ select: typeof VIEW_SELECT }>;

/**
 * A view's stored filters as the list takes them now. Filters the list no longer accepts (a
 * parameter since changed) read as none matched rather than as every ticket: null.
 */
function storedFilters(row: ViewRow): SavedViewFilters | null {
  const parsed = savedViewFiltersSchema.safeParse(row.filters);
  return parsed.success ? parsed.data : null;
}

/** Whose section a view is in: the team's shared views (null) or one agent's own. */
const sectionOf = (shared: boolean, user: SessionUser) => (shared ? null : user.id);

/** The caller's own views and the team's shared ones, in sidebar order (shared first). */
function visibleViews(client: Tx | typeof db, user: SessionUser): Promise<ViewRow[]> {
  return client.savedView.findMany({
    where: { organizationId: user.organizationId, OR: [{ ownerId: null }, { ownerId: user.id }] },
    select: VIEW_SELECT,
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
}

async function withCounts(user: SessionUser, rows: ViewRow[]): Promise<SavedView[]> {
  const parsed = rows.map(storedFilters);
  const readable = rows.flatMap((row, i) => (parsed[i] ? [{ id: row.id, filters: parsed[i] }] : []));
  const counts = await countViews(user, readable);
  return rows.map((row, i) => ({
    id: row.id,
    name: row.name,
    shared: row.ownerId === null,
    filters: parsed[i] ?? (row.filters as SavedViewFilters),
    sort: row.sort as ListSort | null,
    position: row.position,
    ...(counts.get(row.id) ?? { count: 0, countCapped: false }),
  }));
}

/** GET /api/views: the team's shared views, then the caller's own, each with its count. */
export async function listViews(user: SessionUser): Promise<SavedViewList> {
  const rows = await visibleViews(db, user);
  const shared = rows.filter((r) => r.ownerId === null);
  const own = rows.filter((r) => r.ownerId !== null);
  return {
    views: await withCounts(user, [...shared, ...own]),
    max: SAVED_VIEWS_MAX,
    canManageShared: can(user, "views.manage_shared"),
  };
}

/** A name clash found by the database (two saves at once) reads like the one checked up front. */
async function nameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error) || (error instanceof Error && /SavedView_owner_name_lower_key/.test(error.message)))
      throw conflict(viewNameTaken(name));
    throw error;
  }
}

async function assertNameFree(tx: Tx, user: SessionUser, ownerId: string | null, name: string, except?: string) {
  const clash = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "SavedView"
    WHERE "organizationId" = ${user.organizationId} AND COALESCE("ownerId", '') = ${ownerId ?? ""}
      AND lower("name") = lower(${name}) AND "id" <> ${except ?? ""}`;
  if (clash.length) throw conflict(viewNameTaken(name));
}

/**
 * A new view, last in its section. Counted under the organisation's row lock, so two saves at
 * once cannot pass the limit; shared views are the admins' (views.manage_shared).
 */
export async function createView(user: SessionUser, input: SavedViewInput): Promise<SavedView> {
  if (input.shared && !can(user, "views.manage_shared")) throw forbidden(SHARED_VIEWS_ADMINS_ONLY);
  const ownerId = sectionOf(input.shared, user);
  await resolveFieldFilters(user, input.filters);
  await checkViewSort(user, input.sort);
  await listTimeZone(user.organizationId, input.filters);
  const row = await nameChecked(input.name, () =>
    db.$transaction(async (tx) => {
      await lockOrganization(tx, user.organizationId);
      const count = await tx.savedView.count({ where: { organizationId: user.organizationId, ownerId } });
      if (count >= SAVED_VIEWS_MAX) throw conflict(viewLimit(input.shared));
      await assertNameFree(tx, user, ownerId, input.name);
      return tx.savedView.create({
        data: {
          organizationId: user.organizationId,
          ownerId,
          name: input.name,
          filters: input.filters as Prisma.InputJsonObject,
          sort: input.sort ?? null,
          position: count,
        },
        select: VIEW_SELECT,
      });
    }),
  );
  return (await withCounts(user, [row]))[0]!;
}

/**
 * A view the caller may change: their own, or a shared one for an admin. Another agent's own
 * view, like another organisation's, is a 404; a shared one an agent can see is a 403.
 */
async function changeableView(tx: Tx, user: SessionUser, id: string): Promise<ViewRow> {
  const row = await tx.savedView.findFirst({
    where: { id, organizationId: user.organizationId, OR: [{ ownerId: null }, { ownerId: user.id }] },
    select: VIEW_SELECT,
  });
  if (!row) throw notFound(VIEW_NOT_FOUND);
  if (row.ownerId === null && !can(user, "views.manage_shared")) throw forbidden(SHARED_VIEWS_ADMINS_ONLY);
  return row;
}

/** Renames a view or changes its filters or order. */
export async function updateView(user: SessionUser, id: string, patch: SavedViewPatch): Promise<SavedView> {
  await checkViewSort(user, patch.sort);
  if (patch.filters) {
    await resolveFieldFilters(user, patch.filters);
    await listTimeZone(user.organizationId, patch.filters);
  }
  const row = await nameChecked(patch.name ?? "", () =>
    db.$transaction(async (tx) => {
      await lockOrganization(tx, user.organizationId);
      const view = await changeableView(tx, user, id);
      if (patch.sort === "relevance" && patch.filters === undefined && !storedFilters(view)?.q)
        throw badRequest("Relevance needs a search");
      if (patch.name !== undefined) await assertNameFree(tx, user, view.ownerId, patch.name, id);
      return tx.savedView.update({
        where: { id, organizationId: user.organizationId },
        data: {
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.filters !== undefined && { filters: patch.filters as Prisma.InputJsonObject }),
          ...(patch.sort !== undefined && { sort: patch.sort }),
        },
        select: VIEW_SELECT,
      });
    }),
  );
  return (await withCounts(user, [row]))[0]!;
}

/** Renumbers a section 0, 1, 2... in `ids` order, in one statement. */
async function renumber(tx: Tx, organizationId: string, ids: string[]) {
  await tx.$executeRaw`
    UPDATE "SavedView" AS v SET "position" = o.ord - 1, "updatedAt" = now()
    FROM unnest(${ids}::text[]) WITH ORDINALITY AS o(id, ord)
    WHERE v."id" = o.id AND v."organizationId" = ${organizationId}`;
}

const sectionIds = (tx: Tx, organizationId: string, ownerId: string | null) =>
  tx.savedView
    .findMany({
      where: { organizationId, ownerId },
      select: { id: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    })
    .then((rows) => rows.map((r) => r.id));

/** Deletes a view; the rest of its section closes up. */
export async function deleteView(user: SessionUser, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, user.organizationId);
    const view = await changeableView(tx, user, id);
    await tx.savedView.delete({ where: { id, organizationId: user.organizationId } });
    await renumber(tx, user.organizationId, await sectionIds(tx, user.organizationId, view.ownerId));
  });
}

/**
 * PUT /api/views/order: one section in a new order, every one of its views named once: the
 * caller's own, or (admins) the shared ones. A list that mixes sections, leaves one out or names
 * a view the caller cannot see is refused.
 */
export async function reorderViews(user: SessionUser, order: SavedViewOrder): Promise<SavedViewList> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, user.organizationId);
    const first = await changeableView(tx, user, order.ids[0]!);
    const current = await sectionIds(tx, user.organizationId, first.ownerId);
    const known = new Set(current);
    if (order.ids.length !== current.length || !order.ids.every((id) => known.has(id)))
      throw badRequest("List every view of the section once: your own views, or the shared ones");
    await renumber(tx, user.organizationId, order.ids);
  });
  return listViews(user);
}
