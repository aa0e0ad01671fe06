import { randomUUID } from "node:crypto";
import type { Plan, Role, TicketStatus } from "@/generated/prisma/enums";
import { hashPassword } from "@/lib/auth/password";
import { encodeSession, SESSION_MAX_AGE_S, sessionCookieName } from "@/lib/auth/session-cookie";
import { db, resetDatabase } from "./db";

export const PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

/** Sets the organisation's last ticket number, as tickets written straight to the database need. */
export async function setTicketCounter(organizationId: string, lastNumber: number) {
  await db.ticketCounter.upsert({
    where: { organizationId },
    create: { organizationId, lastNumber },
    update: { lastNumber },
  });
}

/** Takes the organisation's next ticket number, for a ticket written straight to the database. */
export async function nextTicketNumber(organizationId: string): Promise<number> {
  const { lastNumber } = await db.ticketCounter.upsert({
    where: { organizationId },
    create: { organizationId, lastNumber: 1 },
    update: { lastNumber: { increment: 1 } },
  });
  return lastNumber;
}

export async function createOrg(plan: Plan = "free", overrides: { onboardingCompleted?: boolean } = {}) {
  const id = randomUUID().slice(0, 8);
  return db.organization.create({
    data: { name: `Org ${id}`, slug: `org-${id}`, plan, onboardingCompleted: overrides.onboardingCompleted ?? true },
  });
}

export async function createUser(
  organizationId: string,
  role: Role = "agent",
  overrides: { email?: string; isActive?: boolean; fullName?: string } = {},
) {
  const email = overrides.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`;
  return db.user.create({
    data: {
      organizationId,
      role,
      email,
      fullName: overrides.fullName ?? `Test ${role}`,
      username: email.split("@")[0]!,
      isActive: overrides.isActive ?? true,
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
    },
  });
}

/**
 * Tickets numbered from 1, written straight to the database (no SLA or audit work), with the
 * organisation's counter moved past them as creating them one by one would: a count gives that
 * many open tickets, a list of statuses one ticket per status.
 */
export async function createTickets(organizationId: string, tickets: number | TicketStatus[], due = new Date()) {
  const statuses: TicketStatus[] = typeof tickets === "number" ? Array(tickets).fill("open") : tickets;
  await db.ticket.createMany({
    data: statuses.map((status, i) => ({
      organizationId,
      ticketNumber: i + 1,
      status,
      subject: "s",
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
    })),
  });
  await setTicketCounter(organizationId, statuses.length);
}

/**
 * The Cookie header of a signed-in user (as issued at the user's current session version), for a
 * new session record of theirs (as a sign-in makes); `place` is the device it names.
 */
export async function sessionCookie(
  user: { id: string; sessionVersion: number },
  place: { userAgent?: string; address?: string } = {},
) {
  const { organizationId } = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { organizationId: true },
  });
  const session = await db.userSession.create({
    data: {
      organizationId,
      userId: user.id,
      sessionVersion: user.sessionVersion,
      userAgent: place.userAgent ?? "",
      address: place.address ?? "",
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
    },
  });
  const token = await encodeSession({ userId: user.id, sessionVersion: user.sessionVersion, sessionId: session.id });
  return `${sessionCookieName()}=${token}`;
}

/** The session cookie a response set, as a Cookie header value. */
export function cookieFrom(res: Response): string {
  const header = res.headers.get("set-cookie") ?? "";
  const match = header.match(new RegExp(`${sessionCookieName().replace(/[.$]/g, "\\$&")}=[^;]*`));
  if (!match) throw new Error(`No session cookie in: ${header}`);
  return match[0];
}

/** A world with two organisations, each with every role. */
export async function twoTenants() {
  const org = await createOrg("pro");
  const other = await createOrg("pro");
  const users = {
    platform_admin: await createUser(org.id, "platform_admin"),
    org_admin: await createUser(org.id, "org_admin"),
    agent: await createUser(org.id, "agent"),
    end_user: await createUser(org.id, "end_user"),
    otherAdmin: await createUser(other.id, "org_admin"),
  };
  return { org, other, users };
}
export type TwoTenants = Awaited<ReturnType<typeof twoTenants>>;

/** An empty database with only twoTenants() in it: the start of most test files. */
export async function freshTwoTenants(): Promise<TwoTenants> {
  await resetDatabase();
  return twoTenants();
}
