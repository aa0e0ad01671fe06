import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import {
  tagKey,
  TAGS_PER_ORGANIZATION_MAX,
  TAGS_PER_TICKET_MAX,
  type Tag,
  type TagSearchQuery,
  type TicketTagsChange,
  type TopTag,
} from "@/lib/schemas/tags";
import { db, queryRows } from "@/lib/server/db";
import { uuidv7 } from "@/lib/server/ids";
import { recordEvent, ruleActor } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { escapeLike } from "@/lib/services/tickets/like-pattern";
import { hit } from "@/lib/services/rate-limit";
import { openSql } from "@/lib/tickets/statuses.mjs";

type Tx = Prisma.TransactionClient;
type Reader = Tx | typeof db;

/**
 * Who changes tags: an agent or admin of the ticket's organisation (named in the history), or an
 * automation rule (the history names the rule).
 */
export type TagActor =
  Pick<SessionUser, "id" | "fullName" | "organizationId" | "apiToken"> | { organizationId: string; rule: string };
/** A ticket row locked by the caller's transaction (FOR UPDATE), with the tags it carries now. */
export type TaggableTicket = { id: string; organizationId: string; tagIds: string[] };
/** A tag change with its names looked up: the tags to add (created if new) and those to take off. */
export type PreparedTagChange = { add: Tag[]; remove: Tag[] };

/** A typeahead keystroke is cheap, but not free: a person types far fewer than this. */
export const TAG_SEARCH_LIMIT = { limit: 240, windowMs: 60_000 };

const tagLimitReached = (message: string) => new AppError("tag_limit_reached", message);

function uniqueByKey(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(tagKey(name))) seen.set(tagKey(name), name);
  return [...seen.values()];
}

async function tagsByKey(tx: Reader, organizationId: string, keys: string[]): Promise<Map<string, Tag>> {
  if (keys.length === 0) return new Map();
  const rows = await tx.$queryRaw<Tag[]>`
    SELECT "id", "name" FROM "Tag" WHERE "organizationId" = ${organizationId} AND lower("name") = ANY(${keys}::text[])`;
  return new Map(rows.map((t) => [tagKey(t.name), t]));
}

/**
 * The organisation's tags of these names, any case. Missing ones are created under a lock of
 * the organisation's tag list (a transaction-scoped advisory lock, taken only when something is
 * new): two agents adding "Billing" and "billing" at once get one tag, the first spelling, and
 * the organisation's tag allowance holds. Reusing a tag takes no lock at all.
 */
async function ensureTags(tx: Tx, organizationId: string, names: string[]): Promise<Tag[]> {
  const wanted = uniqueByKey(names);
  let found = await tagsByKey(tx, organizationId, wanted.map(tagKey));
  const missing = wanted.filter((n) => !found.has(tagKey(n)));
  if (missing.length > 0) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ticketry:tags:${organizationId}`}, 0))`;
    found = await tagsByKey(tx, organizationId, wanted.map(tagKey));
    const stillMissing = wanted.filter((n) => !found.has(tagKey(n)));
    if (stillMissing.length > 0) {
      const [held] = await tx.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count FROM "Tag" WHERE "organizationId" = ${organizationId}`;
      if ((held?.count ?? 0) + stillMissing.length > TAGS_PER_ORGANIZATION_MAX)
        throw tagLimitReached(
          `Your organization has reached its limit of ${TAGS_PER_ORGANIZATION_MAX} tags. Reuse an existing tag.`,
        );
      const ids = stillMissing.map(() => uuidv7());
      await tx.$executeRaw`
        INSERT INTO "Tag" ("id", "organizationId", "name", "createdAt")
        SELECT n."id", ${organizationId}, n."name", now() FROM unnest(${ids}::text[], ${stillMissing}::text[]) AS n("id", "name")
        ON CONFLICT ("organizationId", lower("name")) DO NOTHING`;
      found = await tagsByKey(tx, organizationId, wanted.map(tagKey));
    }
  }
  return wanted.map((n) => found.get(tagKey(n))!);
}

/**
 * Looks up a change once for any number of tickets (a bulk action): the tags to add, created on
 * first use, and the existing tags to remove (a name the organisation never used removes nothing).
 */
export async function prepareTagChange(
  tx: Tx,
  organizationId: string,
  change: Pick<TicketTagsChange, "add" | "remove">,
): Promise<PreparedTagChange> {
  const add = change.add.length ? await ensureTags(tx, organizationId, change.add) : [];
  const removeKeys = uniqueByKey(change.remove).map(tagKey);
  return { add, remove: [...(await tagsByKey(tx, organizationId, removeKeys)).values()] };
}

/**
 * What a prepared change makes of a ticket's tags: its new list (added tags last) and the tags
 * it really adds and takes off. Past the tags a ticket may carry, a 409.
 */
export function tagsAfter(
  current: string[],
  change: PreparedTagChange,
): { tagIds: string[]; added: Tag[]; removed: Tag[] } {
  const removeIds = new Set(change.remove.map((t) => t.id));
  const removed = change.remove.filter((t) => current.includes(t.id));
  const added = change.add.filter((t) => !current.includes(t.id) && !removeIds.has(t.id));
  const tagIds = [...current.filter((id) => !removeIds.has(id)), ...added.map((t) => t.id)];
  if (added.length > 0 && tagIds.length > TAGS_PER_TICKET_MAX)
    throw tagLimitReached(`A ticket can carry at most ${TAGS_PER_TICKET_MAX} tags`);
  return { tagIds, added, removed };
}

/**
 * Applies a prepared change to one ticket the caller has locked: the ticket's tag list is
 * written (raising its version through the live-update trigger, so every open workspace
 * hears of it) and each tag added or removed is one sentence of the ticket's history.
 * Returns the ticket's tag ids and version; unchanged when nothing differs.
 */
export async function applyPreparedTags(
  tx: Tx,
  actor: TagActor,
  ticket: TaggableTicket,
  change: PreparedTagChange,
  now = new Date(),
  /** What brought the change, kept in its history (a macro applied with a reply). */
  cause: { macro?: string } = {},
): Promise<{ tagIds: string[]; version: number | null }> {
  const { tagIds, added, removed } = tagsAfter(ticket.tagIds, change);
  if (added.length === 0 && removed.length === 0) return { tagIds: ticket.tagIds, version: null };
  const [row] = await tx.$queryRaw<{ version: number }[]>`
    UPDATE "Ticket" SET "tagIds" = ${tagIds}::text[], "updatedAt" = ${now}
    WHERE "id" = ${ticket.id} AND "organizationId" = ${actor.organizationId} RETURNING "version"`;
  if (!row) throw notFound("Ticket not found");
  const events = [
    ...added.map((t) => ({ action: "ticket.tag_added", tag: t.name })),
    ...removed.map((t) => ({ action: "ticket.tag_removed", tag: t.name })),
  ];
  for (const e of events) {
    await recordEvent(tx, {
      organizationId: actor.organizationId,
      ...("rule" in actor ? ruleActor(actor.rule) : staffAuthor(actor)),
      action: e.action,
      targetType: "ticket",
      targetId: ticket.id,
      ticketId: ticket.id,
      metadata: { field: "tag", tag: e.tag, ...cause, ...("rule" in actor && { rule: actor.rule }) },
    });
  }
  ticket.tagIds = tagIds; // a later change in the same transaction starts from these
  return { tagIds, version: row.version };
}

/**
 * Adds and removes tags of one ticket the caller has locked, inside the caller's transaction
 * (a reply with a macro, a bulk action): see prepareTagChange and applyPreparedTags.
 */
export async function applyTicketTags(
  tx: Tx,
  actor: TagActor,
  ticket: TaggableTicket,
  change: Pick<TicketTagsChange, "add" | "remove">,
  now = new Date(),
  cause: { macro?: string } = {},
) {
  return applyPreparedTags(tx, actor, ticket, await prepareTagChange(tx, actor.organizationId, change), now, cause);
}

/**
 * Tags this process has read: names by organisation and id, ids by organisation and name (any
 * case). A tag is never renamed or deleted (only taken off tickets), so what was once read
 * stays true and needs no invalidation; should renaming ever come, it must clear these. A name
 * not found is not remembered: it may be created a moment later. Bounded: the least recently
 * read go first.
 */
const knownNames = new Map<string, string>();
const knownIds = new Map<string, string>();
const KNOWN_MAX = 50_000;

function remember(known: Map<string, string>, key: string, value: string) {
  known.delete(key);
  if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
  known.set(key, value);
}

/** The names of these tags of the organisation, by id: from memory, the rest in one query. */
export async function tagNamesById(
  reader: Reader,
  organizationId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const id of ids) {
    const name = knownNames.get(`${organizationId}:${id}`);
    if (name === undefined) missing.push(id);
    else names.set(id, name);
  }
  if (missing.length === 0) return names;
  const rows = await reader.$queryRaw<Tag[]>`
    SELECT "id", "name" FROM "Tag" WHERE "organizationId" = ${organizationId} AND "id" = ANY(${missing}::text[])`;
  for (const t of rows) {
    remember(knownNames, `${organizationId}:${t.id}`, t.name);
    names.set(t.id, t.name);
  }
  return names;
}

/** The names of these tags, in the order given (the order they were put on the ticket). */
export async function tagNames(reader: Reader, organizationId: string, ids: string[]): Promise<string[]> {
  const byId = await tagNamesById(reader, organizationId, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Tags are the team's own labels: customers neither see nor change them. */
export function assertMayTag(user: SessionUser) {
  if (!can(user, "tickets.tags")) throw forbidden("Customers cannot see or change tags");
}

/**
 * The typeahead: the organisation's tags starting with q in any case, alphabetically. An
 * organisation holds at most TAGS_PER_ORGANIZATION_MAX tags, so this reads one bounded range
 * of its unique index.
 */
export async function searchTags(user: SessionUser, { q, limit }: TagSearchQuery): Promise<Tag[]> {
  assertMayTag(user);
  await hit(`tag-search:user:${user.id}`, TAG_SEARCH_LIMIT);
  const prefix = `${escapeLike(tagKey(q))}%`;
  return queryRows<Tag>(Prisma.sql`
    SELECT "id", "name" FROM "Tag" WHERE "organizationId" = ${user.organizationId} AND lower("name") LIKE ${prefix}
    ORDER BY lower("name") LIMIT ${limit}`);
}

/**
 * The organisation's tags of these names (any case) by name key: from memory when this process
 * has read them, the rest in one query.
 */
async function tagsNamed(organizationId: string, names: string[]): Promise<Map<string, Tag>> {
  const found = new Map<string, Tag>();
  const missing: string[] = [];
  for (const key of uniqueByKey(names).map(tagKey)) {
    const id = knownIds.get(`${organizationId}:${key}`);
    const name = id === undefined ? undefined : knownNames.get(`${organizationId}:${id}`);
    if (id === undefined || name === undefined) missing.push(key);
    else found.set(key, { id, name });
  }
  for (const [key, tag] of await tagsByKey(db, organizationId, missing)) {
    remember(knownIds, `${organizationId}:${key}`, tag.id);
    remember(knownNames, `${organizationId}:${tag.id}`, tag.name);
    found.set(key, tag);
  }
  return found;
}

/**
 * prepareTagChange outside any transaction, for a ticket not yet written: the tags are looked up
 * from memory where this process knows them, and only tags to add that are new are created, in a
 * transaction of their own (an unused tag is harmless should the ticket then not be written).
 */
export async function prepareTagChangeAhead(
  organizationId: string,
  change: Pick<TicketTagsChange, "add" | "remove">,
): Promise<PreparedTagChange> {
  const known = await tagsNamed(organizationId, [...change.add, ...change.remove]);
  const adding = uniqueByKey(change.add);
  const add = adding.every((n) => known.has(tagKey(n)))
    ? adding.map((n) => known.get(tagKey(n))!)
    : await db.$transaction((tx) => ensureTags(tx, organizationId, adding));
  return { add, remove: uniqueByKey(change.remove).flatMap((n) => known.get(tagKey(n)) ?? []) };
}

/** The id of the organisation's tag of this name (any case), or null when there is none. */
export async function findTagId(organizationId: string, name: string): Promise<string | null> {
  return (await tagsNamed(organizationId, [name])).get(tagKey(name))?.id ?? null;
}

/**
 * The dashboard's top tags: how many of the organisation's open tickets carry each tag, the
 * most used first. Reads the open tickets through the open-queue index, like the queue
 * counts' fallback; tickets without tags cost only their index entry.
 */
export async function topTags(organizationId: string, limit = 8): Promise<TopTag[]> {
  return queryRows<TopTag>(Prisma.sql`
    SELECT g."name", count(*)::int AS "openTickets"
    FROM "Ticket" t CROSS JOIN LATERAL unnest(t."tagIds") AS x(id)
      JOIN "Tag" g ON g."id" = x.id AND g."organizationId" = ${organizationId}
    WHERE t."organizationId" = ${organizationId} AND ${Prisma.raw(openSql("t"))} AND t."tagIds" <> '{}'
    GROUP BY g."id", g."name" ORDER BY 2 DESC, lower(g."name") LIMIT ${limit}`);
}
