import "server-only";
import { replyAuthor, staffAuthor } from "@/lib/services/actor";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/server/ids";
import { threadSql, type ThreadRow } from "@/lib/mail/thread/outgoing";
import type { CreateReplyInput, Reply } from "@/lib/schemas/tickets";
import { refreshTicketSla } from "@/lib/services/sla/ticket-sla";
import { MAILED, threadMailSql } from "@/lib/services/mail/outbox";
import { agentReplyJob, mailFacts } from "@/lib/services/mail/notifications";
import { replyBody, toReply, type markdownBody, type StoredBody } from "@/lib/services/replies/body";
import { TICKET_ROW_COLUMNS, type TicketRowWithPolicy } from "@/lib/services/tickets/lock";
import { assertFresh } from "@/lib/services/tickets/versions";
import { toTicketJson } from "@/lib/services/tickets/json";
import { enqueueReplyCreated } from "@/lib/services/webhooks/reply-events";
import { subscribedEndpoints } from "@/lib/services/webhooks/subscribers";

type ReadTicket = TicketRowWithPolicy &
  ThreadRow & { organizationName: string; organizationSlug: string; organizationSignature: string };

type WrittenReply = Omit<Reply, "format" | "html"> & StoredBody & { ticketVersion: number };

/**
 * An agent's reply or note that changes nothing else about the ticket (no status, no macro) - what
 * agents send all day - in two round trips and no transaction: the ticket, its organisation and
 * its mail thread are read; the mail is rendered; then one statement writes the reply, the
 * ticket's update, the history entry, the thread's Message-ID and the mail's job, but only while
 * the ticket is still at the version that was read. A reply written in the locked transaction
 * held the ticket's row across eleven round trips, and the app's CPU went to Prisma: staff replies
 * ran at about 100 a second on two cores. Null when the ticket moved on since it was read (or the
 * reply changes its status): the caller writes it in the locked transaction instead, which checks
 * again what this checked.
 */
export async function writePlainReply(
  user: SessionUser,
  input: CreateReplyInput,
  body: ReturnType<typeof markdownBody>,
  now: Date,
): Promise<(Reply & { ticketVersion: number }) | null> {
  const { organizationId } = user;
  const ref = { id: input.ticketId, organizationId };
  const [ticket] = await queryRows<ReadTicket>(Prisma.sql`
    SELECT t.*, o."name" AS "organizationName", o."slug" AS "organizationSlug",
      o."mailSignature" AS "organizationSignature", thread.*
    FROM (SELECT ${TICKET_ROW_COLUMNS} FROM "Ticket" WHERE "id" = ${ref.id} AND "organizationId" = ${organizationId}) t
      JOIN "Organization" o ON o."id" = t."organizationId"
      CROSS JOIN LATERAL (${threadSql(ref)}) thread`);
  // Staff see every ticket of their organisation: this read is the visibility check too.
  if (!ticket) throw notFound("Ticket not found");
  if (input.status !== undefined && input.status !== ticket.status) return null;
  assertFresh(ticket, input.version, { reply: true, status: input.status }, () => toTicketJson(ticket));

  const replyId = uuidv7(now.getTime());
  const firstResponse = input.type === "public" && !ticket.firstRespondedAt;
  const organization = {
    name: ticket.organizationName,
    slug: ticket.organizationSlug,
    mailSignature: ticket.organizationSignature,
  };
  const author = replyAuthor(user);
  const actor = staffAuthor(user);
  const shown = { type: input.type, content: body.content, html: replyBody(body).html, authorName: author.authorName };
  const mail = agentReplyJob(ticket, mailFacts(ticket, organization), ticket, shown);
  const statement = Prisma.sql`
    WITH ticket AS (
      UPDATE "Ticket" SET "updatedAt" = ${now}
        ${input.type === "public" ? Prisma.sql`, "customerRepliedLast" = false` : Prisma.empty}
        ${firstResponse ? Prisma.sql`, "firstRespondedAt" = ${now}` : Prisma.empty}
      WHERE "id" = ${ticket.id} AND "organizationId" = ${organizationId} AND "version" = ${ticket.version}
      RETURNING "id", "version"
    ), reply AS (
      INSERT INTO "Reply" ("id", "organizationId", "ticketId", "content", "format", "contentHtml", "contentHtmlVersion",
        "type", "authorType", "authorEmail", "authorId", "createdAt")
      SELECT ${replyId}, ${organizationId}, "id", ${body.content}, ${body.format}::"ReplyFormat", ${body.contentHtml},
        ${body.contentHtmlVersion}, ${input.type}::"ReplyType", 'agent', ${author.authorEmail}, ${author.authorId}, ${now}
      FROM ticket
      RETURNING "id", "ticketId", "content", "format"::text AS "format", "contentHtml", "contentHtmlVersion",
        "type"::text AS "type", "authorType"::text AS "authorType", "authorEmail", "senderVerified", "createdAt"
    ), event AS (
      INSERT INTO "AuditEvent" ("id", "organizationId", "actorId", "actorType", "actorLabel", "action", "targetType", "targetId", "ticketId", "createdAt")
      SELECT ${uuidv7(now.getTime())}, ${organizationId}, ${actor.actorId}, ${actor.actorType}, ${actor.actorLabel},
        ${input.type === "internal" ? "ticket.note_added" : "ticket.replied"}, 'reply', "id", "ticketId", ${now}
      FROM reply
    )
    ${
      mail
        ? threadMailSql({
            from: "reply",
            ticketColumn: "ticketId",
            organizationId,
            messageId: mail.messageId,
            payload: Prisma.sql`${JSON.stringify(mail.job)}`,
            now,
          })
        : Prisma.empty
    }
    SELECT reply.*, (SELECT "version" + 1 FROM ticket) AS "ticketVersion", ${mail ? MAILED : Prisma.sql`0`} AS "mailed"
    FROM reply`;
  // The version returned is one past the update's: the reply's own announcement (the trigger in the
  // live_updates migration) moves it once more as the statement ends, after RETURNING read it.
  // A public reply meets the first response or a follow-up's: the due times follow in its transaction.
  // A webhook that hears new replies is told in the reply's transaction; a note heard by none needs none.
  const announced = (await subscribedEndpoints(organizationId, "reply.created")).length > 0;
  const [row] =
    input.type === "public" || announced
      ? await db.$transaction(async (tx) => {
          const rows = await tx.$queryRaw<(WrittenReply & { mailed: number })[]>(statement);
          if (rows.length && input.type === "public") await refreshTicketSla(tx, ticket, now);
          if (rows[0] && announced)
            await enqueueReplyCreated(tx, { organizationId, ticketId: ticket.id, id: rows[0].id });
          return rows;
        })
      : await queryRows<WrittenReply & { mailed: number }>(statement);
  if (!row) return null;
  // `mailed` is read only so that the mail's job is added at all (a SELECT in WITH runs when read).
  const { mailed: _mailed, ...reply } = row;
  return toReply(reply);
}
