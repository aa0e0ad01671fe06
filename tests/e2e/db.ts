import { createHash, randomBytes } from "node:crypto";
import { Client } from "pg";

/** Direct access to the end-to-end database, for set-up that has no screen yet. */
async function query<T>(sql: string, values: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Creates a 7-day invitation into the organisation with this slug and returns its token. */
export async function createInvite(
  slug: string,
  email: string,
  role: "agent" | "org_admin" = "agent",
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  await query(
    `INSERT INTO "TeamInvite" ("id", "organizationId", "email", "role", "tokenHash", "expiresAt")
     SELECT gen_random_uuid()::text, "id", $1, $2::"Role", $3, now() + interval '7 days' FROM "Organization" WHERE "slug" = $4`,
    [email, role, tokenHash, slug],
  );
  return token;
}

/** Creates an organisation of its own for a test (so the demo organisation stays as seeded); returns its id. */
export async function createOrganization(
  name: string,
  plan: "free" | "starter" | "pro" | "enterprise" = "free",
): Promise<string> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomBytes(4).toString("hex")}`;
  const rows = await query<{ id: string }>(
    `INSERT INTO "Organization" ("id", "name", "slug", "plan", "onboardingCompleted", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, $2, $3::"Plan", true, now()) RETURNING "id"`,
    [name, slug, plan],
  );
  return rows[0]!.id;
}

/** Puts the organisation of the user with this email on a plan (billing has no screen yet). */
export async function setPlanOf(email: string, plan: "free" | "starter" | "pro" | "enterprise"): Promise<void> {
  await query(
    `UPDATE "Organization" SET "plan" = $2::"Plan" WHERE "id" = (SELECT "organizationId" FROM "User" WHERE "email" = $1)`,
    [email.toLowerCase(), plan],
  );
}

/**
 * A new organisation with one org admin who signs in with the demo password (its hash is
 * copied from the demo admin), without going through /api/register: registration is
 * throttled per address, and the whole suite shares one address.
 */
export async function createOrgAdmin({
  plan = "free",
  onboarded = true,
}: { plan?: "free" | "starter" | "pro" | "enterprise"; onboarded?: boolean } = {}): Promise<string> {
  const suffix = randomBytes(4).toString("hex");
  const email = `owner-${suffix}@example.test`;
  await query(
    `WITH org AS (
       INSERT INTO "Organization" ("id", "name", "slug", "plan", "onboardingCompleted", "updatedAt")
       VALUES (gen_random_uuid()::text, $1, $2, $3::"Plan", $4, now()) RETURNING "id")
     INSERT INTO "User" ("id", "organizationId", "fullName", "email", "username", "role", "passwordHash", "updatedAt")
     SELECT gen_random_uuid()::text, org."id", 'Olive Owner', $5, $6, 'org_admin', u."passwordHash", now()
     FROM org, "User" u WHERE u."email" = 'admin@acme.test'`,
    [`Owner Co ${suffix}`, `owner-co-${suffix}`, plan, onboarded, email, `owner-${suffix}`],
  );
  return email;
}

/** A ticket with this number in an organisation of its own (not the demo one); returns the organisation's id. */
export async function createForeignTicket(ticketNumber: number): Promise<string> {
  const organizationId = await createOrganization("Elsewhere");
  await query(
    `INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "customerName", "customerEmail",
       "firstResponseDueAt", "resolutionDueAt", "slaRiskAt", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, $2, 'Another tenant''s secret', 'x', 'Eve', 'eve@elsewhere.test', now(), now(), now(), now())`,
    [organizationId, ticketNumber],
  );
  return organizationId;
}

/** Records a poll of an address's mailbox as the worker would (its outcome shows in Settings). */
export async function recordMailboxCheck(supportEmail: string, lastError: string | null): Promise<void> {
  await query(
    `UPDATE "ImapMailbox" SET "lastPolledAt" = now() - interval '3 minutes', "lastError" = $2
     WHERE "supportEmailId" = (SELECT "id" FROM "SupportEmail" WHERE "email" = $1)`,
    [supportEmail.toLowerCase(), lastError],
  );
}

/**
 * `count` priority changes on a ticket by its creator, a millisecond apart after its creation
 * (a ticket changed that often through screens would take minutes to set up).
 */
export async function addPriorityChanges(ticketId: string, count: number): Promise<void> {
  await query(
    `INSERT INTO "AuditEvent" ("id", "organizationId", "actorId", "actorType", "actorLabel", "action", "targetType", "targetId", "ticketId", "metadata", "createdAt")
     SELECT gen_random_uuid()::text, t."organizationId", u."id", 'user', u."fullName", 'ticket.priority_changed', 'ticket', t."id", t."id",
       CASE WHEN n % 2 = 1 THEN '{"field":"priority","from":"medium","to":"high"}' ELSE '{"field":"priority","from":"high","to":"medium"}' END::jsonb,
       t."createdAt" + n * interval '1 millisecond'
     FROM "Ticket" t JOIN "User" u ON u."id" = t."createdById" CROSS JOIN generate_series(1, $2::int) AS n WHERE t."id" = $1`,
    [ticketId, count],
  );
}

/**
 * Adds `count` messages to a ticket right after its creation, a millisecond apart, "Message 1" the oldest:
 * the customer and the ticket's creator take turns, and every fifth is the creator's internal note.
 */
export async function addMessages(ticketId: string, count: number): Promise<void> {
  await query(
    `INSERT INTO "Reply" ("id", "organizationId", "ticketId", "content", "type", "authorType", "authorEmail", "authorId", "createdAt")
     SELECT gen_random_uuid()::text, t."organizationId", t."id", 'Message ' || n,
       CASE WHEN n % 5 = 0 THEN 'internal' ELSE 'public' END::"ReplyType",
       CASE WHEN n % 2 = 1 AND n % 5 <> 0 THEN 'customer' ELSE 'agent' END::"AuthorType",
       CASE WHEN n % 2 = 1 AND n % 5 <> 0 THEN t."customerEmail" ELSE u."email" END,
       CASE WHEN n % 2 = 1 AND n % 5 <> 0 THEN NULL ELSE u."id" END,
       t."createdAt" + n * interval '1 millisecond'
     FROM "Ticket" t JOIN "User" u ON u."id" = t."createdById" CROSS JOIN generate_series(1, $2::int) AS n WHERE t."id" = $1`,
    [ticketId, count],
  );
}

/** A portal access token of the organisation with this slug for `email`, valid for a day (as the email gate grants one). */
export async function createPortalToken(slug: string, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await query(
    `INSERT INTO "PortalSession" ("id", "organizationId", "email", "tokenHash", "expiresAt")
     SELECT gen_random_uuid()::text, "id", $1, $2, now() + interval '1 day' FROM "Organization" WHERE "slug" = $3`,
    [email, createHash("sha256").update(token).digest("hex"), slug],
  );
  return token;
}

/**
 * Records an SLA target of the team's ticket with this number that ended so (met in time or
 * breached), started an hour ago under a policy of this name (made if the team has none so
 * named, valid as the settings screen makes one, applying to no live ticket): what the reports
 * count (no screen writes one at will). The ticket announces the change, as it does when the
 * product writes its targets: the reports are kept until a ticket changes.
 */
export async function addSlaOutcome(
  slug: string,
  ticketNumber: number,
  target: "first_response" | "next_response" | "resolution",
  outcome: "met" | "breached",
  policy: string,
): Promise<void> {
  await query(
    `WITH p AS (
       INSERT INTO "SlaPolicy" ("id", "organizationId", "name", "nameKey", "position", "calendarId", "conditions", "targets", "updatedAt")
       SELECT gen_random_uuid()::text, o."id", $5, lower($5), 99, c."id", $6::jsonb, $7::jsonb, now()
       FROM "Organization" o JOIN "BusinessCalendar" c ON c."organizationId" = o."id" AND c."isDefault" WHERE o."slug" = $1
       ON CONFLICT ("organizationId", "nameKey") DO UPDATE SET "name" = EXCLUDED."name" RETURNING "id"
     )
     , g AS (
       INSERT INTO "TicketSlaTarget" ("ticketId", "organizationId", "target", "cycle", "slaPolicyId", "minutes", "startedAt", "dueAt", "metAt", "breachedAt")
       SELECT t."id", t."organizationId", $3, 90, (SELECT "id" FROM p), 30, now() - interval '1 hour', now() - interval '30 minutes',
         CASE WHEN $4 = 'met' THEN now() - interval '40 minutes' END, CASE WHEN $4 = 'breached' THEN now() - interval '30 minutes' END
       FROM "Ticket" t JOIN "Organization" o ON o."id" = t."organizationId" WHERE o."slug" = $1 AND t."ticketNumber" = $2
       RETURNING "ticketId"
     )
     UPDATE "Ticket" SET "updatedAt" = "updatedAt" WHERE "id" IN (SELECT "ticketId" FROM g)`,
    [slug, ticketNumber, target, outcome, policy, JSON.stringify(NO_TICKET), JSON.stringify(POLICY_TARGETS)],
  );
}

/** The policy's conditions: a customer domain no ticket has, so it decides no live ticket's clock. */
const NO_TICKET = { all: [{ field: "customer_domain", operator: "is", value: "nobody.invalid" }], any: [] };
/** Whole targets in minutes, as the settings screen writes them. */
const POLICY_TARGETS = Object.fromEntries(
  ["urgent", "high", "medium", "low"].map((p) => [p, { firstResponse: 60, nextResponse: 120, resolution: 480 }]),
);
