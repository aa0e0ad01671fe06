import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ticketUrl } from "@/lib/tickets/ticket-url";
import { setPlanOf } from "./db";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, showTicketDetails, signInAs } from "./helpers";
import { expect, test, type Team } from "./team";

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

// The ticket's SLA in the ticket pane, in business terms: the policy that applies and why, each
// target's due time counted in the policy's calendar and shown on the agent's own clock, words that
// follow the clock minute by minute, and a clock that stands still while the ticket is pending.
//
// The office works in Kolkata (UTC+05:30 all year) from 10:00 to 12:00 on one weekday only, the one
// three days from now; the agent reads in Tokyo (UTC+09:00 all year), so 11:00 there is 14:30 here.
// Neither zone changes its clock, so the words do not depend on the season the spec runs in.
test.use({ timezoneId: "Asia/Tokyo" });

const OFFICE_ZONE = "Asia/Kolkata";
const MINUTE = 60_000;

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** "Wed", as the pane names a day, of a moment in a zone. */
const weekdayIn = (zone: string, at: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short" }).format(at);

/** "2026-12-09": the date of a moment in a zone. */
const dateIn = (zone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(at);

/** "14:30": a moment on the agent's clock. */
const timeInTokyo = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Tokyo",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);

type Created = { id: string; ticketNumber: number; createdAt: string };

/**
 * As the admin: a calendar open 10:00-12:00 in Kolkata on the weekday three days from now, and a
 * policy in it for this test's customer's High tickets (an hour to reply, two to resolve), so the
 * spec's other tests' policies take none of them. Answers when that day opens.
 */
async function officePolicy(page: Page, team: Team, tag: string) {
  await setPlanOf(team.admin.email, "pro");
  await signInAs(page, team.admin.email);
  const day = new Date(Date.now() + 3 * 24 * 60 * MINUTE);
  const weekday = weekdayIn(OFFICE_ZONE, day).toLowerCase();
  const calendar = await page.request.post("/api/business-hours", {
    data: { name: `Kolkata office ${tag}`, timeZone: OFFICE_ZONE, hours: { [weekday]: [["10:00", "12:00"]] } },
  });
  expect(calendar.status()).toBe(201);
  const terms = { firstResponse: 60, nextResponse: 60, resolution: 120 };
  const policy = await page.request.post("/api/sla-policies", {
    data: {
      name: `Priority customers ${tag}`,
      calendarId: ((await calendar.json()) as { id: string }).id,
      conditions: {
        all: [
          { field: "priority", operator: "is", value: "high" },
          { field: "customer_domain", operator: "is", value: `${tag}.test` },
        ],
        any: [],
      },
      targets: { urgent: terms, high: terms, medium: terms, low: terms },
    },
  });
  expect(policy.status()).toBe(201);
  return new Date(`${dateIn(OFFICE_ZONE, day)}T10:00:00+05:30`);
}

async function newTicket(page: Page, tag: string, priority: string) {
  const res = await page.request.post("/api/tickets", {
    data: {
      subject: `Invoices ${tag}`,
      description: "Our invoices stopped arriving.",
      customerEmail: `pat@${tag}.test`,
      customerName: "Pat Doe",
      priority,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

/** The agent opens the ticket with the browser's clock started at `at`; its SLA section. */
async function openTicket(page: Page, team: Team, ticket: Created, at: Date) {
  await signInAs(page, team.agent.email);
  await page.clock.install({ time: at });
  await page.goto(ticketUrl(ticket.ticketNumber));
  await showTicketDetails(page);
  const section = page.getByRole("article").getByRole("region", { name: "SLA" });
  await expect(section).toBeVisible();
  return section;
}

test("an agent reads the ticket's SLA in business hours on their own clock, minute by minute, paused while pending", async ({
  page,
  team,
}) => {
  const tag = unique();
  const opens = await officePolicy(page, team, tag);
  const ticket = await newTicket(page, tag, "high");
  const due = weekdayIn("Asia/Tokyo", opens);
  const section = await openTicket(page, team, ticket, new Date(new Date(ticket.createdAt).getTime() + MINUTE));

  // The office is closed until that day: an hour of its time is all that is left, whatever the hour now.
  await expect(section.locator("[data-sla-policy]")).toHaveText(
    `Priority customers ${tag}: the priority is High and the customer's domain is '${tag}.test'`,
  );
  await expect(section).toContainText(`Kolkata office ${tag} hours (Asia/Kolkata)`);
  await expect(section.locator('[data-sla-target="first_response"]')).toHaveText(
    `First reply due in 1 business hour, ${due} 14:30`,
  );
  await expect(section.locator('[data-sla-target="resolution"]')).toHaveText(
    `Resolution due in 2 business hours, ${due} 15:30`,
  );
  await expect(section.locator('[data-sla-target="next_response"]')).toHaveCount(0);
  await expectNoViolations(page);

  // That day, 20 minutes after opening, and a minute later: the words follow the clock unasked.
  await page.clock.pauseAt(new Date(opens.getTime() + 19 * MINUTE));
  await page.clock.fastForward("01:00");
  await expect(section.locator('[data-sla-target="first_response"]')).toHaveText(
    "First reply due in 40 business minutes, Today 14:30",
  );
  await expect(section.locator('[data-sla-target="resolution"]')).toHaveText(
    "Resolution due in 1 business hour 40 minutes, Today 15:30",
  );
  await page.clock.fastForward("01:00");
  await expect(section.locator('[data-sla-target="first_response"]')).toHaveText(
    "First reply due in 39 business minutes, Today 14:30",
  );
  await page.clock.resume();

  // Waiting on the customer: the clock stands still with the whole hour left (the office has not opened on the server's clock).
  const article = page.getByRole("article");
  await article.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Pending", exact: true }).click();
  await expect(section.locator("[data-sla-paused]")).toHaveText("Paused while waiting on the customer");
  await expect(section.locator('[data-sla-target="first_response"]')).toHaveText(
    "First reply paused with 1 business hour left",
  );
  await expect(section.locator('[data-sla-target="resolution"]')).toHaveText(
    "Resolution paused with 2 business hours left",
  );
  await expectNoViolations(page);

  // The history says which policy the ticket started under.
  await expect(article.getByRole("region", { name: "History" })).toContainText(
    `created the ticket, under the SLA policy Priority customers ${tag}`,
  );
});

test("a ticket no policy matches shows the default targets, counted around the clock", async ({ page, team }) => {
  const tag = unique();
  await officePolicy(page, team, tag);
  const ticket = await newTicket(page, tag, "low");
  const created = new Date(ticket.createdAt);
  const section = await openTicket(page, team, ticket, created);
  await expect(section.locator("[data-sla-policy]")).toHaveText("Default targets, around the clock");
  // Two hours and a minute later, of a day to reply: due today or tomorrow on the agent's clock,
  // whichever the moment of the run makes it (a ticket made late in Tokyo's evening is due the
  // day the two hours crossed into).
  const shown = new Date(created.getTime() + 121 * MINUTE);
  const due = new Date(created.getTime() + 24 * 60 * MINUTE);
  const day = dateIn("Asia/Tokyo", due) === dateIn("Asia/Tokyo", shown) ? "Today" : "Tomorrow";
  await page.clock.pauseAt(new Date(created.getTime() + 120 * MINUTE));
  await page.clock.fastForward("01:00");
  await expect(section.locator('[data-sla-target="first_response"]')).toHaveText(
    `First reply due in 21 business hours 59 minutes, ${day} ${timeInTokyo(due)}`,
  );
  await page.clock.resume();
});

for (const theme of ["light", "dark"] as const) {
  test(`the SLA section fits every screen size, ${theme}`, async ({ page, team }) => {
    const tag = unique();
    await officePolicy(page, team, tag);
    const ticket = await newTicket(page, tag, "high");
    await openInTheme(page, theme);
    const section = await openTicket(page, team, ticket, new Date(ticket.createdAt));
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await showTicketDetails(page);
      await section.scrollIntoViewIfNeeded();
      await expect(section.locator('[data-sla-target="first_response"]')).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `ticket-sla-${size.width}-${theme}.png`) });
    }
  });
}
