import type { PrismaClient } from "../../generated/prisma/client";
import type { TicketPriority, TicketStatus } from "../../generated/prisma/enums";
import { hashPassword } from "../../lib/auth/password";
import { holdsSeat } from "@/lib/permissions/rules";
import { can } from "@/lib/permissions/table";
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD, PLATFORM_ORGANIZATION } from "@/lib/site/demo";
import { slaRiskAt, slaDueTimes } from "@/lib/tickets/sla";

const TICKET_COUNT = 60;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const STATUSES: TicketStatus[] = ["open", "pending", "in_progress", "resolved", "closed"];
const PRIORITIES: TicketPriority[] = ["urgent", "high", "medium", "low"];
const CATEGORIES = ["account", "billing", "technical", "other"];

const CUSTOMERS = [
  ["Casey Customer", "casey@customer.test"],
  ["Jordan Lee", "jordan.lee@example.com"],
  ["Morgan Diaz", "morgan@northwind.example"],
  ["Taylor Kim", "taylor.kim@example.org"],
  ["Robin Patel", "robin@contoso.example"],
  ["Jamie Chen", "jamie.chen@example.net"],
] as const;

const SUBJECTS = [
  [
    "Cannot log in after password change",
    "I changed my password yesterday and now the login page says my credentials are invalid.",
  ],
  [
    "Invoice shows the wrong VAT number",
    "Our latest invoice lists an old VAT number. Could you reissue it with the current one?",
  ],
  ["Export to CSV times out", "Exporting last month's report to CSV spins for a minute and then fails with a timeout."],
  [
    "How do I add a second admin?",
    "We need another person on our side to manage users. Where do I grant admin rights?",
  ],
  [
    "Webhook deliveries failing with 500",
    "Since this morning every webhook delivery to our endpoint is marked as failed.",
  ],
  [
    "Charged twice for the annual plan",
    "My card statement shows two charges for the annual subscription on the same day.",
  ],
  ["Dark mode text hard to read", "In dark mode the secondary text in tables is very low contrast on my monitor."],
  ["Request to delete my account data", "Please delete all personal data you hold about me, as allowed under GDPR."],
  ["Mobile app crashes on upload", "Uploading a photo from the mobile app crashes it on Android 15."],
  ["SSO login loop with Okta", "After signing in through Okta we are redirected back to the login page endlessly."],
] as const;

/** Deterministic pseudo-random numbers, so the demo data looks the same on every machine. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export type SeedResult = { created: boolean; logins: { email: string; password: string; role: string }[] };

/**
 * Creates the demo organisation, its team, a platform admin and about 60 tickets with
 * replies and notes. Idempotent: when the demo organisation exists nothing is written.
 */
export async function seedDemoData(db: PrismaClient, now = new Date()): Promise<SeedResult> {
  const logins = DEMO_ACCOUNTS.map((a) => ({ email: a.email, password: DEMO_PASSWORD, role: a.role }));
  if (await db.organization.findUnique({ where: { slug: DEMO_ORGANIZATION.slug } })) return { created: false, logins };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = prng(20261122);

  await db.$transaction(
    async (tx) => {
      const org = await tx.organization.create({
        data: {
          ...DEMO_ORGANIZATION,
          plan: "pro",
          onboardingCompleted: true,
          ticketCounter: TICKET_COUNT,
          createdAt: new Date(now.getTime() - 60 * DAY),
        },
      });
      const platformOrg = await tx.organization.upsert({
        where: { slug: PLATFORM_ORGANIZATION.slug },
        update: {},
        create: { ...PLATFORM_ORGANIZATION, plan: "enterprise", onboardingCompleted: true },
      });

      // The platform admin works from the operator's own organisation; everyone else belongs to Acme.
      const homeOf = (account: (typeof DEMO_ACCOUNTS)[number]) =>
        can(account, "organizations.manage_all") ? platformOrg.id : org.id;
      const users: Record<string, { id: string; email: string; role: string }> = {};
      for (const account of DEMO_ACCOUNTS) {
        const organizationId = homeOf(account);
        const username = account.email.split("@")[0]!;
        users[account.email] = await tx.user.upsert({
          where: { email: account.email },
          update: {},
          create: {
            organizationId,
            fullName: account.fullName,
            email: account.email,
            username,
            role: account.role,
            passwordHash,
          },
        });
      }
      const agents = DEMO_ACCOUNTS.filter(
        (a) => homeOf(a) === org.id && holdsSeat({ role: a.role, isActive: true }),
      ).map((a) => users[a.email]!);

      for (let n = 1; n <= TICKET_COUNT; n++) {
        const status = STATUSES[n % STATUSES.length]!;
        const priority = PRIORITIES[Math.floor(random() * PRIORITIES.length)]!;
        const [subject, description] = pick(random, SUBJECTS);
        const [customerName, customerEmail] = pick(random, CUSTOMERS);
        // Spread over the last five weeks, newest tickets last; a few within the last day.
        const createdAt = new Date(now.getTime() - (TICKET_COUNT - n) * 14 * HOUR - random() * 6 * HOUR);
        const assignee = status === "open" && random() < 0.4 ? null : pick(random, agents);
        const answered = status !== "open" || random() < 0.5;
        const firstRespondedAt = answered ? new Date(createdAt.getTime() + (0.2 + random() * 6) * HOUR) : null;
        const finished = status === "resolved" || status === "closed";
        const resolvedAt = finished ? new Date(createdAt.getTime() + (8 + random() * 40) * HOUR) : null;
        const updatedAt = new Date(
          Math.min(now.getTime(), (resolvedAt ?? firstRespondedAt ?? createdAt).getTime() + HOUR),
        );

        const due = slaDueTimes(priority, createdAt);
        const ticket = await tx.ticket.create({
          data: {
            organizationId: org.id,
            ticketNumber: n,
            subject,
            description,
            priority,
            status,
            category: pick(random, CATEGORIES),
            customerName,
            customerEmail,
            assignedToId: assignee?.id ?? null,
            ...due,
            slaRiskAt: slaRiskAt({ priority, ...due, firstRespondedAt }),
            firstRespondedAt,
            resolvedAt,
            closedAt: status === "closed" ? resolvedAt : null,
            createdAt,
            updatedAt,
          },
        });
        await tx.auditEvent.create({
          data: {
            organizationId: org.id,
            actorType: "customer",
            actorLabel: customerEmail,
            action: "ticket.created",
            targetType: "ticket",
            targetId: ticket.id,
            ticketId: ticket.id,
            createdAt,
          },
        });

        if (!firstRespondedAt) continue;
        const agent = assignee ?? agents[0]!;
        await tx.reply.createMany({
          data: [
            {
              organizationId: org.id,
              ticketId: ticket.id,
              content: `Hi ${customerName.split(" ")[0]}, thanks for reaching out. We are looking into this now.`,
              type: "public",
              authorType: "agent",
              authorEmail: agent.email,
              authorId: agent.id,
              createdAt: firstRespondedAt,
            },
            {
              organizationId: org.id,
              ticketId: ticket.id,
              content: "Checked the logs: this matches a known issue, linking it to the incident.",
              type: "internal",
              authorType: "agent",
              authorEmail: agent.email,
              authorId: agent.id,
              createdAt: new Date(firstRespondedAt.getTime() + 20 * 60 * 1000),
            },
            {
              organizationId: org.id,
              ticketId: ticket.id,
              content: "Thank you, looking forward to hearing back.",
              type: "public",
              authorType: "customer",
              authorEmail: customerEmail,
              createdAt: new Date(firstRespondedAt.getTime() + 45 * 60 * 1000),
            },
          ],
        });
      }
    },
    { timeout: 60_000 },
  );

  return { created: true, logins };
}
