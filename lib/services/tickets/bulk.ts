import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { notFound } from "@/lib/errors";
import type { BulkUpdateTicketsInput, Ticket } from "@/lib/schemas/tickets";
import { db } from "@/lib/server/db";
import { toTicketJson } from "@/lib/services/tickets/json";
import { assertRequiredFilled } from "@/lib/services/fields/ticket-values";
import { applyTicketChange, assertAssignable, assertMayUpdate, runUpdateRules } from "@/lib/services/tickets/update";
import { applyPreparedTags, assertMayTag, prepareTagChange } from "@/lib/services/tickets/tags";

/**
 * One change for many tickets, all or nothing: the same permission and assignee rules as a
 * single update, every ticket locked (in id order, so two bulk changes cannot deadlock) and
 * changed in one transaction, each changed field in that ticket's history. An id that is not
 * a ticket of the caller's organisation refuses the whole request with 404, so a mixed list
 * neither half-applies nor confirms that another tenant's ticket exists. Tags to add or remove
 * are looked up (and created) once, then applied to each ticket like a single tag change; the
 * rules for updated tickets then run once on each ticket the change changed.
 */
export async function bulkUpdateTickets(
  user: SessionUser,
  { ids, addTags = [], removeTags = [], ...change }: BulkUpdateTicketsInput,
  now = new Date(),
): Promise<Ticket[]> {
  assertMayUpdate(user, change);
  const tagging = addTags.length > 0 || removeTags.length > 0;
  if (tagging) assertMayTag(user);
  if (change.assignedTo) await assertAssignable(user.organizationId, change.assignedTo);
  const changesFields = change.status !== undefined || change.priority !== undefined || change.assignedTo !== undefined;
  return db.$transaction(async (tx) => {
    const sorted = [...ids].sort();
    await tx.$queryRaw`SELECT 1 FROM "Ticket" WHERE "organizationId" = ${user.organizationId} AND "id" = ANY(${sorted}::text[])
      ORDER BY "id" FOR UPDATE`;
    const tickets = await tx.ticket.findMany({
      where: { organizationId: user.organizationId, id: { in: sorted } },
      include: { slaPolicy: { select: { id: true, name: true } } },
    });
    if (tickets.length !== ids.length) throw notFound("Ticket not found");
    await assertRequiredFilled(tx, user.organizationId, tickets, change.status);
    const byId = new Map(tickets.map((t) => [t.id, t]));
    const tags = tagging ? await prepareTagChange(tx, user.organizationId, { add: addTags, remove: removeTags }) : null;
    const updated: Ticket[] = [];
    for (const id of ids) {
      const ticket = byId.get(id)!;
      const applied = changesFields
        ? await applyTicketChange(tx, user, ticket, change, now)
        : { ticket: toTicketJson(ticket), changed: false };
      let { ticket: json, changed } = applied;
      if (tags) {
        const { version } = await applyPreparedTags(tx, user, ticket, tags, now);
        if (version !== null) [json, changed] = [{ ...json, version, updatedAt: now }, true];
      }
      updated.push((changed && (await runUpdateRules(tx, user.organizationId, id, now))) || json);
    }
    return updated;
  });
}
