import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { test as base } from "@playwright/test";
import { PrismaClient } from "@/generated/prisma/client";
import { hashPassword } from "@/lib/auth/password";
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD } from "@/lib/site/demo";
import { DEMO_CUSTOMERS, seedTeam } from "@/prisma/seed/demo-data";

type Person = { fullName: string; email: string };

/**
 * An organisation of the spec's own, seeded as the demo is (the same people by name, the same
 * week of tickets, macros and a verified support address), so that what one spec changes no
 * other spec sees. Everyone signs in with the demo password.
 */
export type Team = {
  organization: { name: string; slug: string };
  supportAddress: string;
  admin: Person;
  agent: Person;
  agent2: Person;
  /** The end user who writes in as "Casey Customer", with tickets of their own. */
  customer: Person;
  /** A platform admin of the operator's organisation, for this spec alone (sign-ins are throttled per account). */
  platformAdmin: Person;
};

/**
 * Seeds a new team straight into the end-to-end database, far faster than signing up through
 * screens. Each demo account has its counterpart at the team's own domain
 * (agent@acme.test plays agent@<slug>.test).
 */
export async function createTeam(tag: string): Promise<Team> {
  const slug = `${DEMO_ORGANIZATION.slug}-${tag}-${randomBytes(3).toString("hex")}`;
  const accounts = DEMO_ACCOUNTS.map((a) => ({
    role: a.role,
    fullName: a.fullName,
    email: `${a.email.split("@")[0]}@${slug}.test`,
  }));
  const playing = (demoEmail: (typeof DEMO_ACCOUNTS)[number]["email"]): Person => {
    const { fullName, email } = accounts[DEMO_ACCOUNTS.findIndex((a) => a.email === demoEmail)]!;
    return { fullName, email };
  };
  const team: Team = {
    organization: { name: `${DEMO_ORGANIZATION.name} ${slug.slice(DEMO_ORGANIZATION.slug.length + 1)}`, slug },
    supportAddress: `support@${slug}.test`,
    admin: playing("admin@acme.test"),
    agent: playing("agent@acme.test"),
    agent2: playing("agent2@acme.test"),
    customer: playing("casey@customer.test"),
    platformAdmin: playing("platform@ticketry.test"),
  };
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });
  try {
    await seedTeam(db, {
      organization: team.organization,
      accounts,
      supportAddress: team.supportAddress,
      customers: DEMO_CUSTOMERS.map(([name, email]) => [
        name,
        email === "casey@customer.test" ? team.customer.email : email,
      ]),
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
  } finally {
    await db.$disconnect();
  }
  return team;
}

/**
 * `team`: the spec's own organisation. Each spec file is a project of its own (see
 * playwright.config.ts) and a worker serves one project, so a worker-scoped team is one spec's,
 * made once for all its tests; its slug names the worker, so two workers never share one.
 */
export const test = base.extend<object, { team: Team }>({
  team: [
    async ({}, use, workerInfo) => {
      await use(await createTeam(`w${workerInfo.workerIndex}`));
    },
    { scope: "worker" },
  ],
});

export { expect } from "@playwright/test";
