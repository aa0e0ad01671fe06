import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Role } from "@/generated/prisma/enums";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { drainJobs } from "../helpers/jobs";
import { createOrg, createUser, sessionCookie, setTicketCounter } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { startSmtp } from "../helpers/smtp";
import { saveAttachments } from "@/lib/services/tickets/attachments";

/** Who calls: nobody, each role of organisation A, and the admin of organisation B. */
export const ACTORS = ["anonymous", "end_user", "agent", "org_admin", "platform_admin", "other_org_admin"] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, "anonymous">;

/** The role each signed-in actor has. */
export const ACTOR_ROLE: Record<SignedInActor, Role> = {
  end_user: "end_user",
  agent: "agent",
  org_admin: "org_admin",
  platform_admin: "platform_admin",
  other_org_admin: "org_admin",
};

type User = Awaited<ReturnType<typeof createUser>>;

/** One organisation with a row of every kind, so each route has something to aim at. */
export type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function createTenant(label: string) {
  const org = await createOrg("pro");
  const tag = randomUUID().slice(0, 8);
  const users = {
    org_admin: await createUser(org.id, "org_admin", { email: `${label}-admin-${tag}@example.test` }),
    agent: await createUser(org.id, "agent", { email: `${label}-agent-${tag}@example.test` }),
    agent2: await createUser(org.id, "agent", { email: `${label}-agent2-${tag}@example.test` }),
    end_user: await createUser(org.id, "end_user", { email: `${label}-customer-${tag}@example.test` }),
    platform_admin: await createUser(org.id, "platform_admin", { email: `${label}-platform-${tag}@example.test` }),
  };
  const due = new Date(Date.now() + 86_400_000);
  await setTicketCounter(org.id, 1);
  const ticket = await db.ticket.create({
    data: {
      organizationId: org.id,
      ticketNumber: 1,
      subject: `${label} ticket ${tag}`,
      description: "The printer is on fire",
      customerName: "Casey",
      customerEmail: users.end_user.email,
      assignedToId: users.agent.id,
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
    },
  });
  await db.auditEvent.create({
    data: {
      organizationId: org.id,
      actorId: users.agent.id,
      action: "ticket.created",
      targetType: "ticket",
      targetId: ticket.id,
      ticketId: ticket.id,
    },
  });
  const reply = await db.reply.create({
    data: {
      organizationId: org.id,
      ticketId: ticket.id,
      content: `${label} public reply`,
      type: "public",
      authorType: "agent",
      authorEmail: users.agent.email,
      authorId: users.agent.id,
    },
  });
  // A file on the public reply, stored as the mail ingestion stores one.
  const {
    saved: [attachment],
  } = await db.$transaction((tx) =>
    saveAttachments(tx, {
      organizationId: org.id,
      ticketId: ticket.id,
      replyId: reply.id,
      files: [{ filename: `${label}-report.txt`, content: Buffer.from(`${label} attachment ${tag}`) }],
    }),
  );
  const note = await db.reply.create({
    data: {
      organizationId: org.id,
      ticketId: ticket.id,
      content: `${label} internal note`,
      type: "internal",
      authorType: "agent",
      authorEmail: users.agent.email,
      authorId: users.agent.id,
    },
  });
  const supportEmail = await db.supportEmail.create({
    data: { organizationId: org.id, email: `support-${label}-${tag}@example.test`, displayName: `${label} Support` },
  });
  const macro = await db.macro.create({
    data: {
      organizationId: org.id,
      name: `${label} macro ${tag}`,
      nameKey: `${label} macro ${tag}`,
      body: "Hi {{customer.firstName}}",
      status: "pending",
      createdById: users.org_admin.id,
    },
  });
  const group = await db.group.create({
    data: {
      organizationId: org.id,
      name: `${label} group ${tag}`,
      nameKey: `${label} group ${tag}`,
      members: { create: [{ userId: users.agent.id }] },
    },
  });
  const automation = await db.automation.create({
    data: {
      organizationId: org.id,
      name: `${label} rule ${tag}`,
      when: "ticket_created",
      conditions: { all: [{ field: "subject", operator: "contains", value: "refund" }], any: [] },
      actions: [{ type: "set_priority", value: "high" }],
      position: 0,
    },
  });
  const inviteToken = newToken();
  const invite = await db.teamInvite.create({
    data: {
      organizationId: org.id,
      email: `invitee-${label}-${tag}@example.test`,
      role: "agent",
      tokenHash: hashToken(inviteToken),
      invitedById: users.org_admin.id,
      expiresAt: due,
    },
  });
  const portalToken = newToken();
  await db.portalSession.create({
    data: { organizationId: org.id, email: users.end_user.email, tokenHash: hashToken(portalToken), expiresAt: due },
  });
  const otherEmailPortalToken = newToken();
  await db.portalSession.create({
    data: {
      organizationId: org.id,
      email: `stranger-${label}-${tag}@example.test`,
      tokenHash: hashToken(otherEmailPortalToken),
      expiresAt: due,
    },
  });
  return {
    label,
    org,
    users,
    ticket,
    reply,
    attachment: attachment!,
    note,
    supportEmail,
    macro,
    automation,
    group,
    invite,
    inviteToken,
    portalToken,
    otherEmailPortalToken,
  };
}

/** Two organisations, A and B; every actor but other_org_admin lives in A. */
export async function createWorld() {
  const a = await createTenant("a");
  const b = await createTenant("b");
  return { a, b };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/**
 * For a whole test file: a fresh database holding one world, handed to `use`, and a mail
 * catcher for whatever the routes send (started before and stopped after the file).
 */
export function setUpWorld(use: (world: World) => void) {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    await resetDatabase();
    smtp = await startSmtp();
    use(await createWorld());
  });
  afterAll(() => smtp.stop());
}

export function homeOf(world: World, actor: Actor): Tenant {
  return actor === "other_org_admin" ? world.b : world.a;
}
export function awayOf(world: World, actor: Actor): Tenant {
  return actor === "other_org_admin" ? world.a : world.b;
}

export function userOf(world: World, actor: SignedInActor): User {
  return actor === "other_org_admin" ? world.b.users.org_admin : world.a.users[actor];
}

/** The Cookie header for an actor, at the user's current session version. */
export async function cookieOf(world: World, actor: Actor): Promise<Record<string, string>> {
  if (actor === "anonymous") return {};
  const stored = await db.user.findUniqueOrThrow({
    where: { id: userOf(world, actor).id },
    select: { id: true, sessionVersion: true },
  });
  return { cookie: await sessionCookie(stored) };
}

let orgTables: string[] | undefined;

/** Every table that carries organizationId (found from the catalogue, so new tables count too). */
async function tenantTables(): Promise<string[]> {
  orgTables ??= (
    await db.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'organizationId' ORDER BY table_name`
  ).map((r) => r.table_name);
  return orgTables;
}

/** All of one organisation's rows, in a stable order (one query): compared before and after a call. */
export async function snapshotTenant(organizationId: string): Promise<Record<string, unknown>> {
  // Work an earlier call left running after its answer (a reset link, a mail) belongs to that
  // call: let it finish, so the snapshot shows only what the call under test changes.
  await drainJobs();
  // Table names come from the catalogue, never from input. A webhook endpoint's failure count is
  // the delivery job's, which retries an earlier call's delivery on its own schedule (not a
  // job the drain above runs while it waits): left out, as work that is not the call's.
  const rowOf = (t: string) =>
    t === "WebhookEndpoint" ? Prisma.sql`to_jsonb(x) - 'failureCount' - 'failingSince' - 'disabledAt'` : Prisma.sql`x`;
  const parts = (await tenantTables()).map(
    (t) =>
      Prisma.sql`${t}::text, (SELECT json_agg(${rowOf(t)} ORDER BY x::text) FROM ${Prisma.raw(`"${t}"`)} x WHERE x."organizationId" = ${organizationId})`,
  );
  // A function takes at most 100 arguments: one object per 40 tables, merged.
  const objects = [];
  for (let i = 0; i < parts.length; i += 40)
    objects.push(Prisma.sql`jsonb_build_object(${Prisma.join(parts.slice(i, i + 40))})`);
  const rows = await db.$queryRaw<{ snapshot: Record<string, unknown> }[]>`
    SELECT jsonb_build_object('Organization', (SELECT row_to_json(o) FROM "Organization" o WHERE o."id" = ${organizationId}))
      || ${Prisma.join(objects, " || ")} AS snapshot`;
  return rows[0]!.snapshot;
}

/** Strings that identify a tenant's private rows: none may appear in another tenant's answers. */
export function secretsOf(t: Tenant): string[] {
  return [
    t.org.id,
    t.ticket.id,
    t.reply.id,
    t.note.id,
    t.attachment.id,
    t.supportEmail.id,
    t.macro.id,
    t.automation.id,
    t.automation.name,
    t.group.id,
    t.invite.id,
    t.ticket.subject,
    t.supportEmail.email,
    t.invite.email,
    ...Object.values(t.users).flatMap((u) => [u.id, u.email]),
  ];
}
