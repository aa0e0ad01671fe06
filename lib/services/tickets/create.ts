import "server-only";
import { randomInt } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { db, queryRows } from "@/lib/server/db";
import { databasePoolSize } from "@/lib/server/pool-size.mjs";
import { batchedWrites } from "@/lib/server/batched-writes";
import { isForeignKeyViolation } from "@/lib/server/db-errors";
import { notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/server/ids";
import { PLANS, UNLIMITED, planLimitError } from "@/lib/plans/limits";
import type { CreateTicketInput, Ticket } from "@/lib/schemas/tickets";
import { sendableAddress } from "@/lib/mail/thread/outgoing";
import { newTicketSla, policiesAskAddress } from "@/lib/services/sla/new-ticket-sla";
import { auditActor, customerOf, organizationOf, type TicketActor } from "@/lib/services/actor";
import { assertOpenTicketRoom, throttleCustomerTicket } from "@/lib/services/tickets/customer-limits";
import { mailed, threadMailSql } from "@/lib/services/mail/outbox";
import { ticketReceivedJob } from "@/lib/services/mail/notifications";
import { TICKET_COLUMNS, TICKET_SELECT, toTicketJson, type TicketRow } from "@/lib/services/tickets/json";
import { enqueueWebhookEvent, restateWebhookEvent } from "@/lib/services/webhooks/enqueue";
import { anySubscribed } from "@/lib/services/webhooks/subscribers";
import { apiTicketOf, enqueueNewTicketAssigned } from "@/lib/services/webhooks/ticket-events";
import { assertAssignable } from "@/lib/services/tickets/update";
import { ticketsUsed } from "@/lib/services/organizations/usage";
import { activeRules, type ActiveRule } from "@/lib/services/automations/active-rules";
import { entranceOf, runRules, type RuleEvent } from "@/lib/services/automations/engine";
import { newTicketView, routeNewTicket, type RoutedTicket } from "@/lib/services/automations/new-ticket";
import { newTicketHistory } from "./new-ticket-history";
import type { CustomFieldValues } from "@/lib/schemas/fields-custom";
import { newTicketValues, newTicketValuesSql } from "@/lib/services/fields/new-ticket-values";
import { customerVisibleKeys, onlyKeys } from "@/lib/services/fields/customer-values";

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
 * A ticket raised through the API: customers are throttled first (see customer-limits.ts);
 * the team never is. `alsoWrite` as for createTicket.
 */
export async function raiseTicket(
  actor: TicketActor,
  given: CreateTicketInput,
  ip: string,
  alsoWrite?: TicketWrittenHook,
): Promise<Ticket> {
  if (actor.kind !== "staff") await throttleCustomerTicket(actor, ip);
  const ticket = await createTicket(actor, given, new Date(), undefined, alsoWrite);
  if (actor.kind === "staff") return ticket;
  // A rule may have set a field kept from customers: the answer carries only the ones they see.
  return { ...ticket, customFields: onlyKeys(ticket.customFields, await customerVisibleKeys(organizationOf(actor))) };
}

/** Runs in the creating transaction instead of the "ticket received" mail (mail-in threads its own). */
export type TicketCreatedHook = (
  tx: Prisma.TransactionClient,
  ticket: Ticket,
  organization: { name: string; slug: string },
) => Promise<void>;

/**
 * Runs in the creating transaction besides the "ticket received" mail: what the ticket brings
 * with it commits or rolls back with the ticket (the portal's opened suggestions).
 */
export type TicketWrittenHook = (tx: Prisma.TransactionClient, ticket: Ticket) => Promise<void>;

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
 * organisation to about 360 tickets a second, where ten reached 500. Under a burst, the tickets
 * that would wait for a connection are numbered and written together (see writeTogether). The
 * price is a gap in the numbers when a statement fails after its numbers are taken, which a help
 * desk's customers can live with (numbers stay unique and in the order they were taken).
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
  alsoWrite?: TicketWrittenHook,
): Promise<Ticket> {
  const input = ticketFields(actor, given);
  const organizationId = organizationOf(actor);
  if (input.assignedTo) await assertAssignable(organizationId, input.assignedTo);
  const values = await newTicketValues(actor, organizationId, input.customFields);
  const rules = await activeRules(organizationId, "ticket_created");
  const origin = {
    entrance: entranceOf(actor),
    supportEmailId: actor.kind === "email" ? (actor.supportEmailId ?? null) : null,
  };
  const addressAsked = await policiesAskAddress(organizationId);
  // A new ticket may come with an assignee: webhooks of assignees hear of it too.
  const announced = await anySubscribed(organizationId, ["ticket.created", "ticket.assigned"]);
  // The rules route the ticket as it is about to be written; its SLA policy is chosen on the ticket as they leave it.
  const route = async () => {
    const view = await newTicketView(organizationId, rules, input, origin, now, addressAsked, values);
    const routing = rules.length === 0 ? null : await routeNewTicket(organizationId, rules, view, now);
    return { routing, sla: await newTicketSla(organizationId, view, now) };
  };
  const write = ({ routing, sla }: Awaited<ReturnType<typeof route>>) => {
    const ticket: NewTicket = { actor, input, values, organizationId, now, id: uuidv7(now.getTime()), routing, sla };
    // Rules that could not be worked out ahead run on the written ticket, in the creating transaction.
    const later = rules.length > 0 && !routing ? { rules, origin } : null;
    return numberAndWrite(ticket, { onCreated, alsoWrite }, later, announced);
  };
  const first = await route();
  try {
    return await write(first);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    // Someone the ticket names was removed since it was checked: the assignee, or the organisation.
    if (input.assignedTo) await assertAssignable(organizationId, input.assignedTo);
    // Or the group or agent its rules chose, removed since they looked it up: they choose again, once.
    if (first.routing?.group || first.routing?.assigneeId) {
      try {
        return await write(await route());
      } catch (retryError) {
        if (!isForeignKeyViolation(retryError)) throw retryError;
      }
    }
    throw notFound("Organization not found");
  }
}

/** Rules for new tickets that run on the written ticket, with how it came in. */
type RulesLater = { rules: ActiveRule[]; origin: RuleEvent["origin"] } | null;

/**
 * Takes the ticket's number and writes it, as createTicket describes. Rules worked out ahead are
 * written with the ticket (so a team's routed ticket keeps the batched path); rules left for
 * `later` run in the creating transaction, which on an unlimited plan still takes its number
 * without locking the organisation.
 */
async function numberAndWrite(
  ticket: NewTicket,
  { onCreated, alsoWrite }: { onCreated?: TicketCreatedHook; alsoWrite?: TicketWrittenHook },
  later: RulesLater,
  announced: boolean,
): Promise<Ticket> {
  const { actor, organizationId, now } = ticket;
  if (actor.kind === "staff" && !onCreated && !alsoWrite) {
    const written =
      later || announced ? await writeThenRun(ticket, later, announced) : await writeTogether(organizationId, ticket);
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
    if (alsoWrite) await alsoWrite(tx, written);
    return finish(tx, written, ticket, later, announced);
  });
}

/** Runs the rules left for later on the written ticket; the ticket as they left it. */
async function runLater(
  tx: Prisma.TransactionClient,
  written: Ticket,
  ticket: NewTicket,
  later: NonNullable<RulesLater>,
) {
  const { organizationId, now } = ticket;
  // The rules refresh the SLA when they change the ticket; the policy chosen ahead stands otherwise.
  await runRules(tx, later.rules, { organizationId, ticketId: written.id, now, origin: later.origin });
  return toTicketJson(await tx.ticket.findUniqueOrThrow({ where: { id: written.id }, select: TICKET_SELECT }));
}

/**
 * After the ticket is written, in its transaction: the rules left for later run on it, and the
 * ticket as they left it, as the API lists it (its assignee's name, tags and group), goes to the
 * webhooks subscribed to new tickets (and to assignees, when it has one).
 */
async function finish(
  tx: Prisma.TransactionClient,
  written: Ticket,
  ticket: NewTicket,
  later: RulesLater,
  announced: boolean,
): Promise<Ticket> {
  const { organizationId, now } = ticket;
  // Queued before the rules run, so it goes out before what they add (a note); it carries the ticket as they left it.
  const created = announced
    ? await enqueueWebhookEvent(tx, { organizationId, type: "ticket.created", data: written, ticketId: written.id })
    : null;
  const final = later ? await runLater(tx, written, ticket, later) : written;
  if (created)
    await restateWebhookEvent(tx, created, await apiTicketOf(tx, { organizationId, ticketId: final.id }, now));
  if (announced && final.assignedTo) await enqueueNewTicketAssigned(tx, { organizationId, ticketId: final.id, now });
  return final;
}

/**
 * A team's ticket on an unlimited plan whose rules must run on the written ticket, or that
 * webhooks announce: numbered by takeNumbers (so the organisation is not held while they run),
 * then written, routed and announced in one transaction. Nothing when the plan counts its tickets
 * or the organisation is gone.
 */
async function writeThenRun(ticket: NewTicket, later: RulesLater, announced: boolean): Promise<Ticket | null> {
  const org = await takeNumbers(ticket.organizationId, 1);
  if (!org) return null;
  return db.$transaction(async (tx) => {
    const written = await writeTicket(tx, ticket, org, { mail: true, number: org.number });
    return written && finish(tx, written, ticket, later, announced);
  });
}

/** What the fast path takes: the number, with what the ticket needs of its organisation. */
type NumberedOrganization = TicketOrganization & { number: number };

/** The plans whose allowance of tickets nothing counts. */
const UNCOUNTED_PLANS = (Object.keys(PLANS) as Plan[]).filter((plan) => PLANS[plan].tickets === UNLIMITED);

/**
 * Moves the organisation's counter (TicketCounter) on by `count` and returns its new value, the
 * last of the numbers taken; `where` narrows which organisations may take them, `lock` locks the
 * organisation's row read. The counter's row is created with the organisation's first ticket.
 * Nothing when the organisation is gone or `where` leaves it out.
 */
const nextNumber = (
  organizationId: string,
  {
    where = Prisma.empty,
    lock = Prisma.empty,
    count = 1,
  }: { where?: Prisma.Sql; lock?: Prisma.Sql; count?: number } = {},
) => Prisma.sql`
  INSERT INTO "TicketCounter" AS c ("organizationId", "lastNumber")
  SELECT o."id", ${count}::int FROM "Organization" o WHERE o."id" = ${organizationId} ${where} ${lock}
  ON CONFLICT ("organizationId") DO UPDATE SET "lastNumber" = c."lastNumber" + ${count}::int
  RETURNING c."lastNumber"`;

/**
 * The organisation's next `count` numbers (`number` is the last), with what the tickets need of the
 * organisation, while it is on a plan whose tickets nothing counts (else nothing, nor when it is
 * gone). Committed at once, so the counter is not held while the tickets are written; one round
 * trip, as the plan is read where it is checked. The organisation's row is only share-locked, never
 * updated: a change of plan under way is waited for and its plan is the one checked, while the
 * tickets' foreign keys, which lock the same row, stay cheap (see TicketCounter in the schema).
 *
 * Its commit does not wait for the disk, as a sequence's does not: a crash can lose the move only
 * with every ticket that used the numbers, because a ticket's own commit waits for all that was
 * written before it. After such a crash the counter hands out numbers no stored ticket has.
 */
async function takeNumbers(organizationId: string, count: number): Promise<NumberedOrganization | undefined> {
  const [taken] = await queryRows<NumberedOrganization>(Prisma.sql`
    WITH asynchronous AS (SELECT set_config('synchronous_commit', 'off', true)),
    c AS (${nextNumber(organizationId, {
      where: Prisma.sql`AND o."plan" = ANY(${UNCOUNTED_PLANS}::"Plan"[]) AND EXISTS (SELECT 1 FROM asynchronous)`,
      lock: Prisma.sql`FOR SHARE OF o`,
      count,
    })})
    SELECT c."lastNumber" AS "number", ${ORGANIZATION_FIELDS}
    FROM c JOIN "Organization" o ON o."id" = ${organizationId} ${supportAddress(organizationId)}`);
  return taken;
}

/**
 * Numbers and writes a team's ticket as writeBatch does, in one statement with the
 * organisation's other tickets that would otherwise wait in this process for a connection (see
 * batchedWrites): while a burst lasts, one move of the counter and one commit serve several
 * tickets. Nothing when the organisation's plan counts its tickets or it is gone.
 */
const writeTogether = batchedWrites<NewTicket, Ticket | null>({
  // The pool's connections: beyond them a ticket would wait for one anyway.
  maxStatements: databasePoolSize(),
  // About 30 values a ticket.
  maxItems: 16,
  write: writeBatch,
});

type NewTicket = {
  id: string;
  actor: TicketActor;
  input: CreateTicketInput;
  /** Its custom field values, checked (newTicketValues). */
  values: CustomFieldValues;
  organizationId: string;
  now: Date;
  /** The ticket as the organisation's rules leave it, when worked out ahead. */
  routing: RoutedTicket | null;
  /** Its SLA policy and due times, worked out ahead too. */
  sla: Awaited<ReturnType<typeof newTicketSla>>;
};

/**
 * One statement in the caller's transaction: the ticket under the number given (taken by
 * takeNumbers), else under the next of the organisation's counter while the transaction holds the
 * organisation's row, as ticketEntries writes it. Nothing when the organisation is gone.
 */
async function writeTicket(
  tx: Prisma.TransactionClient,
  ticket: NewTicket,
  org: TicketOrganization,
  options: { mail: boolean; number?: number },
): Promise<Ticket | null> {
  const { entries, row } = ticketEntries(ticket, org, options);
  const [created] = await tx.$queryRaw<WrittenRow[]>`WITH ${entries} ${row}`;
  return created ? written(created, ticket) : null;
}

/**
 * Numbers tickets of one organisation (takeNumbers) and writes them with their received mails as
 * ticketEntries does, in one statement straight to the pool: one commit for all (see
 * writeTogether). Their tickets in the order given; nothing for them as takeNumbers says.
 */
async function writeBatch(organizationId: string, tickets: NewTicket[]): Promise<(Ticket | null)[]> {
  const org = await takeNumbers(organizationId, tickets.length);
  if (!org) return tickets.map(() => null);
  const first = org.number - tickets.length + 1;
  const parts = tickets.map((ticket, i) => ticketEntries(ticket, org, { mail: true, number: first + i }, `_${i}`));
  const statement = Prisma.sql`
    WITH ${Prisma.join(
      parts.map((part) => part.entries),
      ", ",
    )}
    ${Prisma.join(
      parts.map((part) => part.row),
      " UNION ALL ",
    )}`;
  // Batches differ in shape (how many tickets, which are mailed), so their text seldom repeats: not prepared.
  const rows = await queryRows<WrittenRow>(statement, { prepare: tickets.length === 1 });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return tickets.map((ticket) => {
    const row = byId.get(ticket.id);
    return row ? written(row, ticket) : null;
  });
}

type WrittenRow = TicketRow & { mailed: number };

/** The written ticket as JSON, with the group its rules put it in when they were worked out ahead. */
function written(row: WrittenRow, { routing, sla }: NewTicket): Ticket {
  // `mailed` is read only so that the mail's job is added at all (a SELECT in WITH runs when read).
  const { mailed: _mailed, ...ticket } = row;
  const group = routing ? { groupId: routing.group?.id ?? null, group: routing.group } : {};
  return toTicketJson({ ...ticket, ...group, slaPolicy: sla.applied.policy });
}

/** A new ticket's targets as rows (its first response and resolution), for its TicketSlaTarget records. */
const slaTargetRows = ({ targets }: NewTicket["sla"]["sla"]) => Prisma.sql`unnest(
    ${targets.map((t) => t.target)}::text[], ${targets.map((t) => Math.round(t.minutes))}::int[],
    ${targets.map((t) => t.dueAt?.toISOString() ?? null)}::timestamp(3)[]
  ) AS r("target", "minutes", "dueAt")`;

/**
 * The WITH entries that write a ticket under the number given (else the next from the
 * organisation's counter), its history (created; assigned), its SLA targets' records, and with `mail` the received mail's job
 * and the Message-ID it starts the thread with; each name ends with `suffix`, so that several
 * tickets fit one statement. And the SELECT of its row.
 *
 * The mail is rendered before the number exists: it carries a random 15-digit stand-in that the
 * statement replaces with the ticket's number (nobody can guess it, so no customer text holds it).
 */
function ticketEntries(
  { id, actor, input, values, organizationId, now, routing, sla: { applied, sla } }: NewTicket,
  org: TicketOrganization,
  { mail, number }: { mail: boolean; number?: number },
  suffix = "",
): { entries: Prisma.Sql; row: Prisma.Sql } {
  const name = (entry: string) => Prisma.raw(`"${entry}${suffix}"`);
  const [counter, ticket, history, targets] = ["counter", "ticket", "history", "targets"].map(name);
  const { actorId } = auditActor(actor);
  const assignee = routing ? routing.assigneeId : (input.assignedTo ?? null);
  const priority = routing?.priority ?? (input.priority as TicketRow["priority"]);
  const standIn = randomInt(2 ** 47, 2 ** 48);
  const address = org.supportEmail ? { email: org.supportEmail, displayName: org.supportName! } : null;
  const received = mail
    ? ticketReceivedJob(
        { id, organizationId, ticketNumber: standIn, subject: input.subject, customerEmail: input.customerEmail },
        org,
        address,
      )
    : null;
  const entries = Prisma.sql`
    ${counter} AS (${
      number === undefined ? nextNumber(organizationId) : Prisma.sql`SELECT ${number}::int AS "lastNumber"`
    }), ${ticket} AS (
      INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "priority", "status", "category", "customerName",
        "customerEmail", "assignedToId", "groupId", "tagIds", "createdById", "raisedByCustomer", "firstResponseDueAt", "resolutionDueAt", "slaRiskAt", "slaPolicyId", "customFields", "entrance", "createdAt", "updatedAt")
      SELECT ${id}, ${organizationId}, "lastNumber", ${input.subject}, ${input.description}, ${priority}::"TicketPriority",
        ${input.status}::"TicketStatus", ${input.category ?? null}, ${input.customerName}, ${input.customerEmail}, ${assignee},
        ${routing?.group?.id ?? null}, ${routing?.tagIds ?? []}::text[], ${actorId}, ${actor.kind !== "staff"},
        ${sla.firstResponseDueAt}, ${sla.resolutionDueAt}, ${sla.slaRiskAt}, ${applied.policy?.id ?? null}, ${newTicketValuesSql(organizationId, values)}, ${entranceOf(actor)}, ${now}, ${now}
      FROM ${counter}
      RETURNING ${TICKET_COLUMNS}
    ), ${history} AS (
      INSERT INTO "AuditEvent" ("id", "organizationId", "actorId", "actorType", "actorLabel", "action", "targetType", "targetId", "ticketId", "metadata", "createdAt")
      SELECT e."id", ${organizationId}, e."actorId", e."actorType", e."actorLabel", e."action", 'ticket', t."id", t."id", e."metadata", ${now}
      FROM ${ticket} t, ${newTicketHistory(actor, input.assignedTo ?? null, routing, now, applied.policy)}
    ), ${targets} AS (
      INSERT INTO "TicketSlaTarget" ("ticketId", "organizationId", "target", "minutes", "slaPolicyId", "startedAt", "dueAt")
      SELECT t."id", ${organizationId}, r."target", r."minutes", ${applied.policy?.id ?? null}, ${now}, r."dueAt"
      FROM ${ticket} t, ${slaTargetRows(sla)}
    )
    ${
      received
        ? threadMailSql({
            from: `ticket${suffix}`,
            ticketColumn: "id",
            organizationId,
            messageId: received.messageId,
            payload: Prisma.sql`replace(${JSON.stringify(received.job)}, ${String(standIn)}, ${ticket}."ticketNumber"::text)`,
            now,
            suffix,
          })
        : Prisma.empty
    }`;
  const row = Prisma.sql`SELECT ${ticket}.*, ${received ? mailed(suffix) : Prisma.sql`0`} AS "mailed" FROM ${ticket}`;
  return { entries, row };
}
