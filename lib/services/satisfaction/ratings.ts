import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { AppError, conflict, isAppError, notFound } from "@/lib/errors";
import type { RatingLinks } from "@/lib/mail/ticket-mails";
import { announceTicketChange } from "@/lib/live/announce";
import {
  looksLikeRatingToken,
  RATING_LINK_EXPIRED,
  RATING_LINK_NOT_FOUND,
  RATING_LOCKED,
  ratingChangeableUntil,
  ratingLinkExpiresAt,
  ratingLinkState,
  ratingLinkUrl,
} from "@/lib/satisfaction/rating-link";
import type { RateTicketInput, RatingLinkView } from "@/lib/schemas/satisfaction";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { DONE_STATUSES } from "@/lib/tickets/fields";
import { recordEvent } from "@/lib/services/audit";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import { enqueueRatingReceived } from "@/lib/services/webhooks/rating-events";

/*
 * Customer satisfaction: when a ticket is resolved its customer is mailed "How did we do?"
 * with Good and Bad links (the mail is written in lib/services/mail/notifications.ts). Each
 * resolution gets its own link (a random token; only its hash is kept) that names that one
 * ticket, lapses after 30 days and lets the customer rate the ticket once, then change the
 * rating for 7 days. Reports are in reports.ts.
 */

type Tx = Prisma.TransactionClient;
type TicketRef = { id: string; organizationId: string };

/**
 * Who a rating counts for: the ticket's assignee when it was resolved; an unassigned ticket
 * credits the last agent who answered the customer publicly (null when nobody did).
 */
async function creditedAgent(tx: Tx, ticket: TicketRef & { assignedToId: string | null }) {
  if (ticket.assignedToId) return ticket.assignedToId;
  const reply = await tx.reply.findFirst({
    where: {
      organizationId: ticket.organizationId,
      ticketId: ticket.id,
      type: "public",
      authorType: "agent",
      authorId: { not: null },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { authorId: true },
  });
  return reply?.authorId ?? null;
}

/**
 * Whether a status change resolves the ticket once more, which asks its customer for a rating:
 * from an open status to Resolved. Closing a ticket directly (spam, a duplicate) or moving
 * Resolved to Closed asks nothing.
 */
export function resolvesAgain(change: { from: TicketStatus; to: TicketStatus }): boolean {
  return change.to === "resolved" && !DONE_STATUSES.includes(change.from);
}

/**
 * A new rating link for this resolution of the ticket, written in the resolving transaction: its
 * Good and Bad URLs, for the one mail that tells the customer the ticket is resolved.
 */
export async function issueRatingLinks(
  tx: Tx,
  ref: TicketRef,
  assignedToId: string | null,
  now: Date,
): Promise<RatingLinks> {
  const token = newToken();
  await tx.satisfactionLink.create({
    data: {
      organizationId: ref.organizationId,
      ticketId: ref.id,
      tokenHash: hashToken(token),
      agentId: await creditedAgent(tx, { ...ref, assignedToId }),
      expiresAt: ratingLinkExpiresAt(now),
      createdAt: now,
    },
  });
  return { good: ratingLinkUrl(env.appUrl, token, "good"), bad: ratingLinkUrl(env.appUrl, token, "bad") };
}

/** The holder of a rating link, as the route wrapper hands it to the handler. */
export type RatingCaller = {
  linkId: string;
  organizationId: string;
  ticketId: string;
  agentId: string | null;
  expiresAt: Date;
};

/**
 * The link behind a token, for the rating page and its POST. Every look-up counts against the
 * caller's address, so guessing tokens is throttled (429) long before it could succeed; an
 * unknown token is a 404 that says nothing more.
 */
export async function ratingCallerFromToken(token: string | null, ip: string): Promise<RatingCaller> {
  await hit(`rating-link:ip:${ip}`, LIMITS.ratingLinkPerAddress, "Too many attempts. Please try again later.");
  const link =
    token && looksLikeRatingToken(token)
      ? await db.satisfactionLink.findUnique({
          where: { tokenHash: hashToken(token) },
          select: { id: true, organizationId: true, ticketId: true, agentId: true, expiresAt: true },
        })
      : null;
  if (!link) throw notFound(RATING_LINK_NOT_FOUND);
  const { id, ...rest } = link;
  return { linkId: id, ...rest };
}

/** What the rating page shows for a link (the ticket it names and the rating so far). */
export async function ratingLinkView(caller: RatingCaller, now = new Date()): Promise<RatingLinkView> {
  const ticket = await db.ticket.findFirst({
    where: { id: caller.ticketId, organizationId: caller.organizationId },
    select: {
      ticketNumber: true,
      subject: true,
      organization: { select: { name: true } },
      rating: { select: { score: true, comment: true, ratedAt: true } },
    },
  });
  if (!ticket) throw notFound(RATING_LINK_NOT_FOUND);
  return {
    organizationName: ticket.organization.name,
    ticketNumber: ticket.ticketNumber,
    subject: ticket.subject,
    rating: ticket.rating,
    state: ratingLinkState(caller, ticket.rating, now),
    changeableUntil: ticket.rating ? ratingChangeableUntil(ticket.rating.ratedAt) : null,
  };
}

/**
 * Rates the link's ticket, or changes its rating within 7 days of the first one. The ticket
 * row is locked first, so two submissions at once leave one rating and a history that reads
 * in order. A comment left out keeps the one given before; a blank one removes it. Each new
 * rating, change of score or of comment is one history event, and the ticket is touched so
 * open workspaces show it at once; webhooks hear of the rating received.
 */
export async function rateTicket(caller: RatingCaller, input: RateTicketInput, now = new Date()) {
  const { organizationId, ticketId } = caller;
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Ticket" WHERE "id" = ${ticketId} AND "organizationId" = ${organizationId} FOR UPDATE`;
    const ticket = await tx.ticket.findFirst({
      where: { id: ticketId, organizationId },
      select: { customerEmail: true, rating: true },
    });
    if (!ticket) throw notFound(RATING_LINK_NOT_FOUND);
    const existing = ticket.rating;
    const state = ratingLinkState(caller, existing, now);
    if (state === "locked") throw conflict(RATING_LOCKED, "rating_locked");
    if (state === "expired") throw new AppError("link_expired", RATING_LINK_EXPIRED);

    const comment = input.comment === undefined ? (existing?.comment ?? null) : input.comment || null;
    const event = {
      organizationId,
      actorType: "customer" as const,
      actorLabel: ticket.customerEmail,
      targetType: "ticket",
      targetId: ticketId,
      ticketId,
    };
    if (!existing) {
      await tx.satisfactionRating.create({
        data: {
          organizationId,
          ticketId,
          score: input.score,
          comment,
          agentId: caller.agentId,
          ratedAt: now,
          updatedAt: now,
        },
      });
      await recordEvent(tx, { ...event, action: "ticket.rated", metadata: { score: input.score } });
    } else {
      if (existing.score === input.score && existing.comment === comment) return;
      await tx.satisfactionRating.update({
        where: { ticketId, organizationId },
        data: { score: input.score, comment, updatedAt: now },
      });
      if (existing.score !== input.score) {
        await recordEvent(tx, {
          ...event,
          action: "ticket.rating_changed",
          metadata: { from: existing.score, to: input.score },
        });
      }
      if (existing.comment !== comment) await recordEvent(tx, { ...event, action: "ticket.rating_commented" });
    }
    await announceTicketChange(tx, { organizationId, ticketId });
    await enqueueRatingReceived(tx, { organizationId, ticketId });
  });
  return ratingLinkView(caller, now);
}

/**
 * The rating page's look-up, which answers rather than throws: the page shows its own words for
 * an unknown link (404) and for too many attempts, and the view for a link that exists.
 */
export async function openRatingPage(
  token: string,
  ip: string,
  now = new Date(),
): Promise<{ kind: "ok"; view: RatingLinkView } | { kind: "not_found" } | { kind: "throttled" }> {
  try {
    return { kind: "ok", view: await ratingLinkView(await ratingCallerFromToken(token, ip), now) };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return { kind: "not_found" };
    if (isAppError(error) && error.code === "rate_limited") return { kind: "throttled" };
    throw error;
  }
}
