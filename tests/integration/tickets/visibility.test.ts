import { db } from "@/lib/server/db";
import type { SessionUser } from "@/lib/schemas/session-user";
import { visibleSql, visibleTickets } from "@/lib/services/tickets/access";
import { ticketDetail } from "@/lib/services/tickets/pane";
import { isAppError } from "@/lib/errors";
import { createOrg, createUser, nextTicketNumber } from "../helpers/fixtures";
import { resetDatabase } from "../helpers/db";

// Who may see which tickets is one rule (ticketScope) in three forms: the Prisma filter, the SQL
// condition and the ticket pane's own statement. Each role, on the same tickets, must get the same
// set from all three, and that set must be the rule's.

const ROLES = ["platform_admin", "org_admin", "agent", "end_user"] as const;

let users: Record<(typeof ROLES)[number], SessionUser>;
let tickets: { id: string; organizationId: string; customerEmail: string }[];
let orgId: string;

async function ticket(organizationId: string, customerEmail: string) {
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: await nextTicketNumber(organizationId),
      subject: "s",
      description: "d",
      customerName: "c",
      customerEmail,
      firstResponseDueAt: new Date(),
      resolutionDueAt: new Date(),
      slaRiskAt: new Date(),
    },
    select: { id: true, organizationId: true, customerEmail: true },
  });
}

beforeAll(async () => {
  await resetDatabase();
  const [org, other] = [await createOrg("pro"), await createOrg("pro")];
  orgId = org.id;
  users = {
    platform_admin: await createUser(org.id, "platform_admin"),
    org_admin: await createUser(org.id, "org_admin"),
    agent: await createUser(org.id, "agent"),
    end_user: await createUser(org.id, "end_user"),
  };
  const customer = users.end_user.email;
  tickets = [
    await ticket(org.id, customer),
    await ticket(org.id, customer),
    await ticket(org.id, "someone-else@example.test"),
    await ticket(org.id, customer.toUpperCase()),
    // Another tenant's tickets, one of them raised with the same address.
    await ticket(other.id, customer),
    await ticket(other.id, "someone-else@example.test"),
  ];
});

const sorted = (ids: string[]) => [...ids].sort();

async function byPrisma(user: SessionUser) {
  const rows = await db.ticket.findMany({ where: visibleTickets(user), select: { id: true } });
  return sorted(rows.map((row) => row.id));
}

async function bySql(user: SessionUser) {
  const plain = await db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Ticket" WHERE ${visibleSql(user)}`;
  const aliased = await db.$queryRaw<{ id: string }[]>`SELECT t."id" FROM "Ticket" t WHERE ${visibleSql(user, "t")}`;
  expect(sorted(aliased.map((row) => row.id))).toEqual(sorted(plain.map((row) => row.id)));
  return sorted(plain.map((row) => row.id));
}

async function byPane(user: SessionUser) {
  const seen: string[] = [];
  for (const { id } of tickets) {
    try {
      seen.push((await ticketDetail(user, id)).id);
    } catch (error) {
      if (!(isAppError(error) && error.code === "not_found")) throw error;
    }
  }
  return sorted(seen);
}

describe("who may see which tickets", () => {
  it.each(ROLES)("gives %s the same tickets in the Prisma, SQL and pane forms", async (role) => {
    const user = users[role];
    const expected = sorted(
      tickets
        .filter((t) => t.organizationId === orgId && (role !== "end_user" || t.customerEmail === user.email))
        .map((t) => t.id),
    );
    expect(expected.length).toBe(role === "end_user" ? 2 : 4);
    expect(await byPrisma(user)).toEqual(expected);
    expect(await bySql(user)).toEqual(expected);
    expect(await byPane(user)).toEqual(expected);
  });
});
