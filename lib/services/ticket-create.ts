import "server-only";
import { randomInt } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { db, queryRows } from "@/lib/server/db";
import { isForeignKeyViolation } from "@/lib/server/db-errors";
import { notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/server/ids";
import { PLANS, UNLIMITED, planLimitError } from "@/lib/plans/limits";
import type { CreateTicketInput, Ticket } from "@/lib/schemas/tickets";
import { sendableAddress } from "@/lib/mail/thread/outgoing";
import { slaRiskAt, slaDueTimes } from "@/lib/tickets/sla";
import { auditActor, customerOf, organizationOf, type TicketActor } from "./actor";
import { assertOpenTicketRoom, throttleCustomerTicket } from "./customer-tickets";
import { MAILED, threadMailSql } from "./mail-outbox";
import { ticketReceivedJob } from "./notifications";
import { assertAssignable, TICKET_COLUMNS, toTicketJson, type TicketRow } from "./tickets";
import { ticketsUsed } from "./usage";

type Executor = Prisma.TransactionClient | typeof db;

/**
 * Staff file a ticket as given. A customer raises tickets as themself: whose ticket it is and
 * its opening status are not theirs to choose (else they could file into another customer's
 * list and mail them).
 */
function ticketFields(actor: TicketActor, given: CreateTicketInput): CreateTicketInput {
  if (actor.kind === "staff") return given;
  const customer = customerOf(actor);
  return { ...given, customerEmail: customer.email, customerName: customer.name, status: "open", assignedTo: null };
}

/**
 * A ticket raised through the API: customers are throttled first (see customer-tickets.ts);
 * the team never is.
 */
export async function raiseTicket(actor: TicketActor, given: CreateTicketInput, ip: string): Promise<Ticket> {
  if (actor.kind !== "staff") await throttleCustomerTicket(actor, ip);
  return createTicket(actor, given);
}

/** Runs in the creating transaction instead of the "ticket received" mail (mail-in threads its own). */
export type TicketCreatedHook = (
  tx: Prisma.TransactionClient,
  ticket: Ticket,
  organization: { name: string; slug: string },
) => Promise<void>;

/** What a new ticket needs of its organisation: the plan, and what the received mail says and is sent from. */
type TicketOrganization = {
  plan: Plan;
  name: string;
  slug: string;
  supportEmail: string | null;
  supportName: string | null;
};

/** What a new ticket reads of the organisation `o` and of `a`, the address its received mail is sent from. */
const ORGANIZATION_FIELDS = Prisma.sql`o."plan"::text AS "plan", o."name", o."slug",
  a."email" AS "supportEmail", a."displayName" AS "supportName"`;

/** Joins `a`: the organisation's first address that mail can be sent from, if any. */
const supportAddress = (organizationId: string) => Prisma.sql`LEFT JOIN LATERAL (
    SELECT "email", "displayName" FROM "SupportEmail" WHERE ${sendableAddress(organizationId)}
    ORDER BY "createdAt" ASC LIMIT 1
  ) a ON true`;

async function lockTicketOrganization(tx: Prisma.TransactionClient, organizationId: string) {
  const [org] = await tx.$queryRaw<TicketOrganization[]>`
    SELECT ${ORGANIZATION_FIELDS} FROM "Organization" o ${supportAddress(organizationId)}
    WHERE o."id" = ${organizationId} FOR UPDATE OF o`;
  if (!org) throw notFound("Organization not found");
  return org;
}

/**
 * Creates a ticket in the actor's organisation, numbered from the organisation's counter. The
 * plan's allowance is the team's: tickets customers raise are always accepted (within their own
 * caps) and never counted against it, so a flood of customer tickets cannot stop the team from
 * opening tickets.
 *
 * When nothing must be counted (the team, on an unlimited plan) the number is taken on its own,
 * like a sequence's, and one statement then writes the ticket, its history, the thread's first
 * Message-ID and the received mail. The counter is locked only while it moves, so the team's
 * tickets are not written one at a time: a counter locked until each ticket committed held one
 * organisation to about 360 tickets a second, where ten reached 500. The price is a gap
 * in the numbers when that statement fails after the number is taken, which a help desk's
 * customers can live with (numbers stay unique and in the order they were taken).
 *
 * Otherwise the organisation's row is locked first, the plan's allowance or the customer's open
 * tickets are counted, and the number is taken and the ticket written in that transaction, without
 * gaps.
 */
export async function createTicket(
  actor: TicketActor,
  given: CreateTicketInput,
  now = new Date(),
  onCreated?: TicketCreatedHook,
): Promise<Ticket> {
  const input = ticketFields(actor, given);
  const organizationId = organizationOf(actor);
  if (input.assignedTo) await assertAssignable(organizationId, input.assignedTo);
  const ticket = { actor, input, organizationId, now, id: uuidv7(now.getTime()) };
  try {
    return await numberAndWrite(ticket, onCreated);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    // Someone the ticket names was removed since it was checked: the assignee, or the organisation.
    if (input.assignedTo) await assertAssignable(organizationId, input.assignedTo);
    throw notFound("Organization not found");
  }
}

/** Takes the ticket's number and writes it, as createTicket describes. */
async function numberAndWrite(ticket: NewTicket, onCreated: TicketCreatedHook | undefined): Promise<Ticket> {
  const { actor, organizationId, now } = ticket;
  if (actor.kind === "staff" && !onCreated) {
    const org = await takeNumber(organizationId);
    const written = org && (await writeTicket(db, ticket, org, { mail: true, number: org.number }));
    if (written) return written;
    // A plan whose tickets are counted (or the organisation is gone): under the lock after all.
  }
  return db.$transaction(async (tx) => {
    const org = await lockTicketOrganization(tx, organizationId);
    const limit = PLANS[org.plan].tickets;
    if (actor.kind !== "staff") await assertOpenTicketRoom(tx, actor);
    else if (limit !== UNLIMITED && (await ticketsUsed(tx, organizationId, org.plan, now)) >= limit) {
      throw planLimitError({ plan: org.plan, resource: "tickets" });
    }
    const written = await writeTicket(tx, ticket, org, { mail: !onCreated });
    if (!written) throw notFound("Organization not found");
    if (onCreated) await onCreated(tx, written, org); // its mail commits with the ticket
    return written;
  });
}

/** What the fast path takes: the number, with what the ticket needs of its organisation. */
type NumberedOrganization = TicketOrganization & { number: number };

/** The plans whose allowance of tickets nothing counts. */
const UNCOUNTED_PLANS = (Object.keys(PLANS) as Plan[]).filter((plan) => PLANS[plan].tickets === UNLIMITED);

/**
 * Moves the organisation's counter (TicketCounter) and returns its new value, the next ticket's
 * number; `where` narrows which organisations may take one, `lock` locks the organisation's row
 * read. The counter's row is created with the organisation's first ticket. Nothing when the
 * organisation is gone or `where` leaves it out.
 */
const nextNumber = (
  organizationId: string,
  where: Prisma.Sql = Prisma.empty,
  lock: Prisma.Sql = Prisma.empty,
) => Prisma.sql`
  INSERT INTO "TicketCounter" AS c ("organizationId", "lastNumber")
  SELECT o."id", 1 FROM "Organization" o WHERE o."id" = ${organizationId} ${where} ${lock}
  ON CONFLICT ("organizationId") DO UPDATE SET "lastNumber" = c."lastNumber" + 1
  RETURNING c."lastNumber"`;

/**
 * The organisation's next number, with what the ticket needs of the organisation, while it is on a
 * plan whose tickets nothing counts (else nothing, nor when it is gone). Committed at once, so the
 * counter is not held while the ticket is written; one round trip, as the plan is read where it is
 * checked. The organisation's row is only share-locked, never updated: a change of plan under way
 * is waited for and its plan is the one checked, while the ticket's foreign keys, which lock the
 * same row, stay cheap (see TicketCounter in the schema).
 *
 * Its commit does not wait for the disk, as a sequence's does not: a crash can lose the move only
 * with every ticket that used the number, because the ticket's own commit waits for all that was
 * written before it. After such a crash the counter hands out numbers no stored ticket has.
 */
async function takeNumber(organizationId: string): Promise<NumberedOrganization | undefined> {
  const [taken] = await queryRows<NumberedOrganization>(Prisma.sql`
    WITH asynchronous AS (SELECT set_config('synchronous_commit', 'off', true)),
    c AS (${nextNumber(
      organizationId,
      Prisma.sql`AND o."plan" = ANY(${UNCOUNTED_PLANS}::"Plan"[]) AND EXISTS (SELECT 1 FROM asynchronous)`,
      Prisma.sql`FOR SHARE OF o`,
    )})
    SELECT c."lastNumber" AS "number", ${ORGANIZATION_FIELDS}
    FROM c JOIN "Organization" o ON o."id" = ${organizationId} ${supportAddress(organizationId)}`);
  return taken;
}

type NewTicket = {
  id: string;
  actor: TicketActor;
  input: CreateTicketInput;
  organizationId: string;
  now: Date;
};

/**
 * One statement: the ticket under the number given (else the next from the organisation's counter,
 * in a transaction that holds its row), its history (created; assigned), and with `mail` the
 * received mail's job and the Message-ID it starts the thread with. Nothing when the organisation
 * is gone.
 *
 * The mail is rendered before the number exists: it carries a random 15-digit stand-in that the
 * statement replaces with the ticket's number (nobody can guess it, so no customer text holds it).
 */
async function writeTicket(
  executor: Executor,
  { id, actor, input, organizationId, now }: NewTicket,
  org: TicketOrganization,
  { mail, number }: { mail: boolean; number?: number },
): Promise<Ticket | null> {
  const { actorId, actorType, actorLabel } = auditActor(actor);
  const assignee = input.assignedTo ?? null;
  const priority = input.priority as TicketRow["priority"];
  const due = slaDueTimes(priority, now);
  const risk = slaRiskAt({ priority, ...due, firstRespondedAt: null });
  const standIn = randomInt(2 ** 47, 2 ** 48);
  const address = org.supportEmail ? { email: org.supportEmail, displayName: org.supportName! } : null;
  const received = mail
    ? ticketReceivedJob(
        { id, organizationId, ticketNumber: standIn, subject: input.subject, customerEmail: input.customerEmail },
        org,
        address,
      )
    : null;
  // Both events share the ticket's moment; the history orders such ties by id, created first.
  const [createdId, assignedId] = [uuidv7(now.getTime()), uuidv7(now.getTime())].sort();
  const event = (eventId: string, action: string, metadata: Prisma.Sql) => Prisma.sql`
    INSERT INTO "AuditEvent" ("id", "organizationId", "actorId", "actorType", "actorLabel", "action", "targetType", "targetId", "ticketId", "metadata", "createdAt")
    SELECT ${eventId}, ${organizationId}, ${actorId}, ${actorType}, ${actorLabel}, ${action}, 'ticket', "id", "id", ${metadata}, ${now} FROM ticket`;
  const statement = Prisma.sql`
    WITH counter AS (${
      number === undefined ? nextNumber(organizationId) : Prisma.sql`SELECT ${number}::int AS "lastNumber"`
    }), ticket AS (
      INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "priority", "status", "category", "customerName",
        "customerEmail", "assignedToId", "createdById", "raisedByCustomer", "firstResponseDueAt", "resolutionDueAt", "slaRiskAt", "createdAt", "updatedAt")
      SELECT ${id}, ${organizationId}, "lastNumber", ${input.subject}, ${input.description}, ${priority}::"TicketPriority",
        ${input.status}::"TicketStatus", ${input.category ?? null}, ${input.customerName}, ${input.customerEmail}, ${assignee}, ${actorId}, ${actor.kind !== "staff"},
        ${due.firstResponseDueAt}, ${due.resolutionDueAt}, ${risk}, ${now}, ${now}
      FROM counter
      RETURNING ${TICKET_COLUMNS}
    ), created AS (${event(createdId, "ticket.created", Prisma.sql`NULL`)})
    ${
      assignee
        ? Prisma.sql`, assigned AS (${event(assignedId, "ticket.assigned", Prisma.sql`${JSON.stringify({ field: "assignee", from: null, to: assignee })}::jsonb`)})`
        : Prisma.empty
    }
    ${
      received
        ? threadMailSql({
            from: "ticket",
            ticketColumn: "id",
            organizationId,
            messageId: received.messageId,
            payload: Prisma.sql`replace(${JSON.stringify(received.job)}, ${String(standIn)}, ticket."ticketNumber"::text)`,
            now,
          })
        : Prisma.empty
    }
    SELECT ticket.*, ${received ? MAILED : Prisma.sql`0`} AS "mailed" FROM ticket`;
  type Row = TicketRow & { mailed: number };
  // Outside a transaction (the team's two round trips) it goes straight to the pool.
  const [row] = executor === db ? await queryRows<Row>(statement) : await executor.$queryRaw<Row[]>(statement);
  if (!row) return null;
  // `mailed` is read only so that the mail's job is added at all (a SELECT in WITH runs when read).
  const { mailed: _mailed, ...ticket } = row;
  return toTicketJson(ticket);
}
