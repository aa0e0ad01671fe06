import type { Prisma, PrismaClient } from "../../generated/prisma/client";
import type { Role, TicketPriority, TicketStatus } from "../../generated/prisma/enums";
import { hashPassword } from "../../lib/auth/password";
import { holdsSeat } from "@/lib/permissions/rules";
import { can } from "@/lib/permissions/table";
import {
  DEMO_ACCOUNTS,
  DEMO_ORGANIZATION,
  DEMO_PASSWORD,
  DEMO_SUPPORT_ADDRESS,
  PLATFORM_ORGANIZATION,
} from "@/lib/site/demo";
import { SLA_TARGETS } from "@/lib/tickets/sla";
import { DAY_MS, fromWall, toWall } from "@/lib/sla/time-zone";
import { addBusinessMinutes, businessMinutesBetween } from "@/lib/sla/business-time";
import type { CalendarSpec } from "@/lib/sla/calendar";
import type { TargetMinutes } from "@/lib/sla/ticket-clock";
import { seededSla, seededTerms, seedSlaSetup, writeSeededClocks, type SeededHistory } from "./demo-sla";
import { seedDemoApi } from "./demo-api";
import { seedDemoKnowledgeBase } from "./demo-kb";
import { seedDemoMerge } from "./demo-merge";
import { seedDemoCompanies } from "./demo-companies";
import { seedDemoFields } from "./demo-fields";
import { seedDemoViews } from "./demo-views";
import { seedDemoReports } from "./demo-reports";
import { PRODUCT_NAME } from "@/lib/site/product";

const TICKET_COUNT = 60;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const STATUSES: TicketStatus[] = ["open", "pending", "in_progress", "resolved", "closed"];
const PRIORITIES: TicketPriority[] = ["urgent", "high", "medium", "low"];
const CATEGORIES = ["account", "billing", "technical", "other"];

export const DEMO_CUSTOMERS = [
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

/**
 * A note 20 minutes and the customer's answer 45 minutes after the first reply, drawn closer
 * together for a reply only minutes old, so nothing is ever dated after now.
 */
function replyTimes(firstRespondedAt: Date, now: Date) {
  const gap = Math.max(0, now.getTime() - firstRespondedAt.getTime());
  const after = (minutes: number, share: number) =>
    new Date(firstRespondedAt.getTime() + Math.min(minutes * 60_000, gap * share));
  return { note: after(20, 0.3), customer: after(45, 0.6) };
}

type DemoTicket = {
  n: number;
  status: TicketStatus;
  priority: TicketPriority;
  category: string;
  createdAt: Date;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  /** The customer's follow-up after the team's first reply, when they spoke last. */
  customerRepliedAt: Date | null;
};

/** What a ticket's clock counts with (its policy's, else the default around the clock); the demo's policies go by priority and group. */
type TermsOf = (priority: TicketPriority, category: string) => { calendar: CalendarSpec; minutes: TargetMinutes };

/**
 * The moment `minutes` open minutes of the calendar before `now`: the latest moment from which
 * at least that many have passed (found by halving the search, as open time only grows the
 * further back it starts).
 */
function openMinutesBefore(calendar: CalendarSpec, now: Date, minutes: number): Date {
  let early = now.getTime() - 60 * DAY;
  let late = now.getTime();
  for (let i = 0; i < 36; i++) {
    const middle = (early + late) / 2;
    if (businessMinutesBetween(calendar, new Date(middle), now) >= minutes) early = middle;
    else late = middle;
  }
  return new Date(Math.floor(early));
}

/**
 * A team's week as an agent would find it: resolved and closed tickets spread over the last
 * five weeks (so the chart has a history), open work mostly from the last days, aged in each
 * ticket's own SLA terms (business hours where a policy counts them) so that most are on track,
 * some at risk and a few breached, whatever the day and hour the demo is seeded.
 * Nothing happens after `now`; numbers follow creation order.
 */
function weekOfTickets(random: () => number, now: Date, termsOf: TermsOf): DemoTicket[] {
  const tickets: Omit<DemoTicket, "n">[] = [];
  for (let i = 0; i < TICKET_COUNT; i++) {
    const status = STATUSES[i % STATUSES.length]!;
    const priority = PRIORITIES[Math.floor(random() * PRIORITIES.length)]!;
    const category = pick(random, CATEGORIES);
    if (status === "resolved" || status === "closed") {
      const target = SLA_TARGETS[priority];
      const createdAt = new Date(now.getTime() - (2 + random() * 33) * DAY);
      const firstRespondedAt = new Date(createdAt.getTime() + (0.2 + random() * 0.8) * target.firstResponseMs);
      const resolvedAt = new Date(
        Math.min(now.getTime() - HOUR, createdAt.getTime() + (0.3 + random() * 0.9) * target.resolutionMs),
      );
      const customerRepliedAt = random() < 0.5 ? replyTimes(firstRespondedAt, now).customer : null;
      tickets.push({ status, priority, category, createdAt, firstRespondedAt, resolvedAt, customerRepliedAt });
      continue;
    }
    // Where this ticket stands: on track (two in three), at risk (one in five) or breached.
    const roll = random();
    const share = roll < 0.65 ? 0.1 + random() * 0.55 : roll < 0.85 ? 0.78 + random() * 0.17 : 1.1 + random() * 0.9;
    const answered = status !== "open" || random() < 0.5;
    // An unanswered ticket runs against its first-reply target, an answered one against resolution.
    const { calendar, minutes } = termsOf(priority, category);
    const age = share * (answered ? minutes.resolution : minutes.firstResponse);
    const createdAt = openMinutesBefore(calendar, now, age);
    const firstRespondedAt = answered
      ? addBusinessMinutes(calendar, createdAt, Math.min(age * 0.5, (0.2 + random() * 0.6) * minutes.firstResponse))
      : null;
    // Pending waits on the customer, so the team spoke last there. A customer's follow-up starts
    // the next-reply clock: it came as long ago, in that target's terms, as the ticket's own age.
    const customerRepliedAt =
      firstRespondedAt && status !== "pending" && random() < 0.5
        ? new Date(
            Math.max(
              openMinutesBefore(calendar, now, share * minutes.nextResponse).getTime(),
              replyTimes(firstRespondedAt, now).customer.getTime(),
            ),
          )
        : null;
    tickets.push({ status, priority, category, createdAt, firstRespondedAt, resolvedAt: null, customerRepliedAt });
  }
  return tickets.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((t, i) => ({ ...t, n: i + 1 }));
}

/**
 * A Billing ticket from the last Friday at 16:30 in London before now, still unanswered: under
 * the Billing policy (first reply in 8 business hours, Monday to Friday 09:00-17:00) it is due on
 * Monday at 16:30, as a newcomer can see.
 */
function fridayTicket(now: Date): Omit<DemoTicket, "n" | "category"> {
  const zone = "Europe/London";
  const at1630 = (day: number) => fromWall(zone, day * DAY_MS + (16 * 60 + 30) * 60_000);
  // 1970-01-01 was a Thursday: day 1 was a Friday.
  const today = Math.floor(toWall(zone, now.getTime()) / DAY_MS);
  let friday = today - ((((today - 1) % 7) + 7) % 7);
  // The last Friday before now whose Friday and Monday the office is open (not Christmas week).
  const closed = (day: number) => ["12-25", "12-26"].includes(new Date(day * DAY_MS).toISOString().slice(5, 10));
  while (at1630(friday) > now.getTime() || closed(friday) || closed(friday + 3)) friday -= 7;
  const createdAt = at1630(friday);
  return {
    status: "open",
    priority: "medium",
    createdAt: new Date(createdAt),
    firstRespondedAt: null,
    resolvedAt: null,
    customerRepliedAt: null,
  };
}

/**
 * The demo team's groups (Settings > Groups; My Groups in the sidebar): Billing for the admin and
 * the first agent, Technical for both agents, each holding the week's tickets of its category.
 * New tickets routed to them are shared out: Billing in turn, Technical to whoever holds the
 * fewest open tickets, up to 15 each.
 */
async function seedGroups(
  tx: Prisma.TransactionClient,
  organizationId: string,
  agents: { id: string }[],
): Promise<Record<string, string>> {
  const groups = [
    { name: "Billing", category: "billing", members: agents.slice(0, 2), assignment: "round_robin" as const },
    {
      name: "Technical",
      category: "technical",
      members: agents.slice(1, 3),
      assignment: "balanced" as const,
      maxOpenPerAgent: 15,
    },
  ];
  const ids: Record<string, string> = {};
  for (const g of groups) {
    const group = await tx.group.create({
      data: {
        organizationId,
        name: g.name,
        nameKey: g.name.toLowerCase(),
        assignment: g.assignment,
        maxOpenPerAgent: g.maxOpenPerAgent ?? null,
        members: { create: g.members.map((m) => ({ userId: m.id })) },
      },
      select: { id: true },
    });
    ids[g.category] = group.id;
  }
  return ids;
}

/**
 * The demo team's automation rules, run on every new ticket in this order: mail to the demo's
 * support address with "Refund for order 1234" as its subject lands in Billing, high, tagged
 * billing (`npm run mail:send`). Seeded tickets were written before them and stay as they are.
 */
function demoRules(groupIdOf: Record<string, string>) {
  const subjectHas = (value: string) => ({ field: "subject", operator: "contains", value });
  return [
    {
      name: "Refunds to Billing",
      conditions: { all: [subjectHas("refund")], any: [] },
      actions: [
        { type: "set_group", value: groupIdOf.billing! },
        { type: "set_priority", value: "high" },
        { type: "add_tags", value: ["billing"] },
      ],
    },
    {
      name: "Outages are urgent",
      conditions: { all: [], any: [subjectHas("outage"), subjectHas("is down")] },
      actions: [
        { type: "set_group", value: groupIdOf.technical! },
        { type: "set_priority", value: "urgent" },
      ],
    },
    {
      name: "Northwind is a key account",
      conditions: { all: [{ field: "customer_domain", operator: "is", value: "northwind.example" }], any: [] },
      actions: [{ type: "add_tags", value: ["key-account"] }],
    },
  ];
}

/** Saved replies the demo team starts with (Settings > Macros; the reply box's Macros button). */
const DEMO_MACROS = [
  {
    name: "Looking into it",
    body: 'Hi {{customer.firstName}},\n\nThanks for reaching out about "{{ticket.subject}}". We are looking into it and will get back to you shortly.\n\n{{agent.firstName}}',
    status: "in_progress" as const,
  },
  {
    name: "Fixed, let us know",
    body: "Hi {{customer.firstName}},\n\nThis should be fixed now. If anything is still not right, just reply and we will pick it up again.\n\nBest,\n{{agent.name}}\n{{organization.name}}",
    status: "resolved" as const,
  },
];

export type SeedResult = { created: boolean; logins: { email: string; password: string; role: string }[] };

/** An organisation seeded as the demo is: its name, its people and the customers writing in. */
export type SeededTeam = {
  organization: { name: string; slug: string };
  /** Its team; a platform admin among them works from the operator's own organisation. */
  accounts: readonly { role: Role; fullName: string; email: string }[];
  supportAddress: string;
  /** [name, email] of the customers its tickets come from. */
  customers: readonly (readonly [string, string])[];
  passwordHash: string;
  /** Its business hours and SLA policies, with a ticket from last Friday at 16:30 (the demo's). */
  withSla?: boolean;
};

/**
 * Creates the demo organisation, its team, a platform admin, about 60 tickets with replies and
 * notes, and its knowledge base (prisma/seed/demo-kb.ts). Idempotent: when the demo
 * organisation exists nothing is written.
 */
export async function seedDemoData(db: PrismaClient, now = new Date()): Promise<SeedResult> {
  const logins = DEMO_ACCOUNTS.map((a) => ({ email: a.email, password: DEMO_PASSWORD, role: a.role }));
  if (await db.organization.findUnique({ where: { slug: DEMO_ORGANIZATION.slug } })) return { created: false, logins };
  await seedTeam(
    db,
    {
      organization: DEMO_ORGANIZATION,
      accounts: DEMO_ACCOUNTS,
      supportAddress: DEMO_SUPPORT_ADDRESS,
      customers: DEMO_CUSTOMERS,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      withSla: true,
    },
    now,
  );
  await addUnverifiedMail(db, DEMO_ORGANIZATION.slug, now);
  const org = await db.organization.findUniqueOrThrow({ where: { slug: DEMO_ORGANIZATION.slug } });
  const admin = await db.user.findFirst({
    where: { organizationId: org.id, role: "org_admin" },
    orderBy: { createdAt: "asc" },
  });
  // The demo's admin gets the weekly summary of the reports (README: how to have it sent now).
  if (admin) await db.user.update({ where: { id: admin.id }, data: { weeklySummaryEmail: true } });
  await seedDemoApi(db, org.id, admin?.id ?? null, now);
  await seedDemoKnowledgeBase(db, org.id, now);
  const agent = await db.user.findFirst({
    where: { organizationId: org.id, role: "agent" },
    orderBy: { createdAt: "asc" },
  });
  await seedDemoFields(db, org.id);
  // Before the merge, whose duplicate is the newest ticket and so takes the last number.
  await seedDemoReports(db, org.id, prng(20261207), now);
  await seedDemoMerge(db, org.id, agent?.id ?? null, now);
  await seedDemoCompanies(db, org.id);
  await seedDemoViews(db, org.id);
  return { created: true, logins };
}

/**
 * The demo's newest pending ticket gets a mail as a forger would send it: the customer's address
 * and the ticket's number in the subject, nothing that proves either. A newcomer sees it marked
 * "Sender not verified", and the ticket still pending (it reopened nothing, notified no one).
 */
async function addUnverifiedMail(db: PrismaClient, slug: string, now: Date) {
  const ticket = await db.ticket.findFirstOrThrow({
    where: { organization: { slug }, status: "pending" },
    orderBy: { createdAt: "desc" },
  });
  const { organizationId, customerEmail } = ticket;
  await db.$transaction(async (tx) => {
    const reply = await tx.reply.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        content: "Please send everything about this order to my new address from now on: billing-desk@mailbox.example.",
        type: "public",
        authorType: "customer",
        authorEmail: customerEmail,
        senderVerified: false,
        createdAt: now,
      },
    });
    await tx.auditEvent.create({
      data: {
        organizationId,
        actorType: "system",
        actorLabel: PRODUCT_NAME,
        action: "ticket.unverified_reply",
        targetType: "reply",
        targetId: reply.id,
        ticketId: ticket.id,
        metadata: { email: customerEmail },
        createdAt: now,
      },
    });
  });
}

/**
 * One organisation as the demo's: its team, its two macros and the same week of tickets with
 * replies and notes (the end-to-end tests give each spec one of its own, so none shares the
 * demo's). The platform organisation is created when missing.
 */
export async function seedTeam(db: PrismaClient, team: SeededTeam, now = new Date()): Promise<void> {
  const { passwordHash } = team;
  const random = prng(20261122);

  await db.$transaction(
    async (tx) => {
      const org = await tx.organization.create({
        data: {
          ...team.organization,
          plan: "pro",
          onboardingCompleted: true,
          mailSignature: `${team.organization.name}\nWe answer Monday to Friday, 9:00-17:00.`,
          ticketCounter: { create: { lastNumber: TICKET_COUNT + (team.withSla ? 1 : 0) } },
          createdAt: new Date(now.getTime() - 60 * DAY),
        },
      });
      // Mail to the organisation's support address becomes tickets (npm start receives it on port 2525).
      await tx.supportEmail.create({
        data: {
          organizationId: org.id,
          email: team.supportAddress,
          displayName: team.organization.name,
          verifiedAt: now,
          createdAt: org.createdAt,
        },
      });
      const platformOrg = await tx.organization.upsert({
        where: { slug: PLATFORM_ORGANIZATION.slug },
        update: {},
        create: { ...PLATFORM_ORGANIZATION, plan: "enterprise", onboardingCompleted: true },
      });

      // The platform admin works from the operator's own organisation; everyone else belongs to this one.
      const homeOf = (account: SeededTeam["accounts"][number]) =>
        can(account, "organizations.manage_all") ? platformOrg.id : org.id;
      const users: Record<string, { id: string; email: string; role: string }> = {};
      for (const account of team.accounts) {
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
      const admin = team.accounts.find((a) => a.role === "org_admin");
      await tx.macro.createMany({
        data: DEMO_MACROS.map((m) => ({
          ...m,
          nameKey: m.name.toLowerCase(),
          organizationId: org.id,
          createdById: admin ? (users[admin.email]?.id ?? null) : null,
        })),
      });
      const agents = team.accounts
        .filter((a) => homeOf(a) === org.id && holdsSeat({ role: a.role, isActive: true }))
        .map((a) => users[a.email]!);
      const groupIdOf = await seedGroups(tx, org.id, agents);
      await tx.automation.createMany({
        data: demoRules(groupIdOf).map((rule, position) => ({
          ...rule,
          organizationId: org.id,
          when: "ticket_created" as const,
          position,
        })),
      });

      // The week is written in three statements (tickets, their creation events, their replies),
      // so that seeding an organisation takes a moment (the end-to-end tests seed one per spec).
      const policies = team.withSla ? await seedSlaSetup(tx, org.id, groupIdOf) : [];
      const friday = team.withSla
        ? [
            {
              ...fridayTicket(now),
              subject: "Refund for order 4471 has not arrived",
              description: "I returned order 4471 two weeks ago and the refund has still not reached my card.",
              customerName: team.customers[0]![0],
              customerEmail: team.customers[0]![1],
              assignee: null,
              category: "billing",
            },
          ]
        : [];
      const drawn = weekOfTickets(random, now, (priority, category) =>
        seededTerms(policies, {
          status: "open",
          priority,
          groupId: groupIdOf[category] ?? null,
          customerEmail: "",
          createdAt: now,
        }),
      );
      // The demo's customer (the portal's sign-in) finds the week's latest solved ticket among
      // theirs, in Closed (7d).
      const latestSolved = drawn.reduce((a, b) => ((b.resolvedAt ?? 0) > (a.resolvedAt ?? 0) ? b : a));
      const week = [
        ...drawn.map((t) => {
          const [subject, description] = pick(random, SUBJECTS);
          const picked = pick(random, team.customers);
          const [customerName, customerEmail] = t === latestSolved ? team.customers[0]! : picked;
          const assignee = t.status === "open" && random() < 0.4 ? null : pick(random, agents);
          return {
            ...t,
            subject,
            description,
            customerName,
            customerEmail,
            assignee,
          };
        }),
        ...friday,
      ]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((t, i) => {
          const history: SeededHistory = {
            status: t.status,
            priority: t.priority,
            groupId: groupIdOf[t.category] ?? null,
            customerEmail: t.customerEmail,
            createdAt: t.createdAt,
            firstRespondedAt: t.firstRespondedAt,
            resolvedAt: t.resolvedAt,
            customerRepliedAt: t.customerRepliedAt,
            // Pending waits on the customer since the team's reply asked them.
            pendingSince: t.status === "pending" ? (t.firstRespondedAt ?? t.createdAt) : null,
          };
          return { ...t, n: i + 1, history, ...seededSla(history, policies, now) };
        });
      const tickets = await tx.ticket.createManyAndReturn({
        select: { id: true, ticketNumber: true },
        data: week.map((t) => {
          const { status, priority, createdAt, firstRespondedAt, resolvedAt, customerRepliedAt, sla } = t;
          const updatedAt = new Date(
            Math.min(
              now.getTime(),
              Math.max(...[createdAt, firstRespondedAt, resolvedAt, customerRepliedAt].map((d) => d?.getTime() ?? 0)),
            ),
          );
          return {
            organizationId: org.id,
            ticketNumber: t.n,
            subject: t.subject,
            description: t.description,
            priority,
            status,
            category: t.category,
            customerName: t.customerName,
            customerEmail: t.customerEmail,
            assignedToId: t.assignee?.id ?? null,
            groupId: groupIdOf[t.category] ?? null,
            firstResponseDueAt: sla.firstResponseDueAt,
            nextResponseDueAt: sla.nextResponseDueAt,
            resolutionDueAt: sla.resolutionDueAt,
            slaRiskAt: sla.slaRiskAt,
            slaPolicyId: t.policyId,
            firstRespondedAt,
            resolvedAt,
            closedAt: status === "closed" ? resolvedAt : null,
            customerRepliedLast: customerRepliedAt !== null,
            createdAt,
            updatedAt,
          };
        }),
      });
      const idOf = new Map(tickets.map((t) => [t.ticketNumber, t.id]));
      const ticketIds = week.map((t) => idOf.get(t.n)!);
      await tx.auditEvent.createMany({
        data: week.map((t, i) => ({
          organizationId: org.id,
          actorType: "customer" as const,
          actorLabel: t.customerEmail,
          action: "ticket.created",
          targetType: "ticket",
          targetId: ticketIds[i]!,
          ticketId: ticketIds[i]!,
          createdAt: t.createdAt,
        })),
      });
      await tx.reply.createMany({
        data: week.flatMap(({ firstRespondedAt, customerRepliedAt, customerName, customerEmail, assignee }, i) => {
          if (!firstRespondedAt) return [];
          const ticketId = ticketIds[i]!;
          const agent = assignee ?? agents[0]!;
          return [
            {
              organizationId: org.id,
              ticketId,
              content: `Hi ${customerName.split(" ")[0]}, thanks for reaching out. We are looking into this now.`,
              type: "public" as const,
              authorType: "agent" as const,
              authorEmail: agent.email,
              authorId: agent.id,
              createdAt: firstRespondedAt,
            },
            {
              organizationId: org.id,
              ticketId,
              content: "Checked the logs: this matches a known issue, linking it to the incident.",
              type: "internal" as const,
              authorType: "agent" as const,
              authorEmail: agent.email,
              authorId: agent.id,
              createdAt: replyTimes(firstRespondedAt, now).note,
            },
            ...(customerRepliedAt
              ? [
                  {
                    organizationId: org.id,
                    ticketId,
                    content: "Thank you, looking forward to hearing back.",
                    type: "public" as const,
                    authorType: "customer" as const,
                    authorEmail: customerEmail,
                    createdAt: customerRepliedAt,
                  },
                ]
              : []),
          ];
        }),
      });
      await writeSeededClocks(
        tx,
        org.id,
        week.map((t, i) => ({ id: ticketIds[i]!, history: t.history, policyId: t.policyId, sla: t.sla })),
      );
    },
    { timeout: 60_000 },
  );
}
