import "server-only";
import { notFound } from "@/lib/errors";
import type { TicketTags, TicketTagsChange } from "@/lib/schemas/tags";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { runUpdateRules } from "@/lib/services/tickets/update";
import { applyTicketTags, assertMayTag, tagNames, type TaggableTicket } from "@/lib/services/tickets/tags";

/**
 * Adds and removes tags of one ticket of the caller's organisation (another tenant's is a 404).
 * A change of tags is a change of the ticket: the organisation's rules for updated tickets run in
 * its transaction, and the answer is the ticket's tags and version as they left them.
 */
export async function changeTicketTags(
  user: SessionUser,
  ticketId: string,
  change: TicketTagsChange,
  now = new Date(),
): Promise<TicketTags> {
  assertMayTag(user);
  const { organizationId } = user;
  return db.$transaction(async (tx) => {
    const [ticket] = await tx.$queryRaw<(TaggableTicket & { version: number })[]>`
      SELECT "id", "organizationId", "tagIds", "version" FROM "Ticket"
      WHERE "id" = ${ticketId} AND "organizationId" = ${organizationId} FOR UPDATE`;
    if (!ticket) throw notFound("Ticket not found");
    const { tagIds, version } = await applyTicketTags(tx, user, ticket, change, now);
    const routed =
      version !== null
        ? await runUpdateRules(tx, organizationId, ticketId, now).then(async ({ version: latest }) => ({
            tagIds: (await tx.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { tagIds: true } })).tagIds,
            version: latest,
          }))
        : { tagIds, version: ticket.version };
    return { tags: await tagNames(tx, organizationId, routed.tagIds), version: routed.version };
  });
}
