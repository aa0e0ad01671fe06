import type { Locator, Page } from "@playwright/test";
import { showWholeList, signInAs } from "./helpers";
import { expect, test } from "./team";

const rows = (list: Locator) => list.locator("[data-ticket-row]");

async function openQueue(page: Page, name: string) {
  await page.getByRole("link", { name, exact: false }).first().click();
  const list = page.getByRole("region", { name: "Tickets" });
  await expect(rows(list).first()).toBeVisible();
  return list;
}

test.describe("ticket list: compact rows, sort, badges, search scope", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("compact rows show assignee, the time the order follows and the customer-replied marker, twice as many per screen", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#all-open");
    const list = page.getByRole("region", { name: "Tickets" });
    await expect(rows(list).first()).toBeVisible();
    const heights = await rows(list).evaluateAll((els) =>
      els.slice(0, 10).map((e) => e.getBoundingClientRect().height),
    );
    for (const h of heights) expect(h).toBeLessThanOrEqual(42);
    // At least 16 rows fit the list's screen under the queue's heading and filters (the old
    // 103 px rows showed 7 or 8).
    const visible = await rows(list).evaluateAll(
      (els) => els.filter((e) => e.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(visible).toBeGreaterThanOrEqual(16);
    await expect(rows(list).filter({ hasText: "Unassigned" }).first()).toBeVisible();
    await expect(
      rows(list)
        .filter({ hasText: /Sam Agent|Riley Agent|Alex Admin/ })
        .first(),
    ).toBeVisible();
    await expect(list.getByText("Customer replied").first()).toBeAttached();
    // The work queues put what needs attention first, so the rows show when the SLA runs out.
    await expect(rows(list).first().locator("time")).toHaveAttribute("title", /^SLA due /);
  });

  test("sorts by priority and lists Recent Updates by last change", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#all-open");
    const list = page.getByRole("region", { name: "Tickets" });
    await list.getByRole("combobox", { name: "Sort by" }).click();
    await page.getByRole("option", { name: "Priority" }).click();
    await expect(rows(list).first().locator('[data-priority="urgent"]')).toBeVisible();
    const priorities = await rows(list).evaluateAll((els) =>
      els.map((e) => e.querySelector("[data-priority]")?.getAttribute("data-priority")),
    );
    const rank = { urgent: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
    const ranks = priorities.map((p) => rank[p!]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    await page.goto("/app#recently-updated");
    await expect(list.getByRole("combobox", { name: "Sort by" })).toHaveText("Last activity");
    await expect(rows(list).first()).toBeVisible();
    const times = await rows(list).evaluateAll((els) =>
      els.map((e) => new Date(e.querySelector("time")!.getAttribute("datetime")!).getTime()),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("Urgent and a breached SLA, High and Pending look different, and the SLA badge says which target and when", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#all-open");
    const list = page.getByRole("region", { name: "Tickets" });
    // The spec's other tests add tickets to the team's queue: the checks look at all of it.
    const allOpen = page.getByTestId("count-all-open");
    await expect(allOpen).toHaveText(/^\d+$/);
    await showWholeList(list, Number(await allOpen.textContent()));
    const look = (el: Locator) =>
      el.evaluate((e) => ({
        icon: e.querySelector("svg")?.getAttribute("class"),
        background: getComputedStyle(e).backgroundColor,
        border: getComputedStyle(e).borderColor,
      }));
    const urgent = await look(list.locator('[data-priority="urgent"]').first());
    const breached = await look(list.locator('[data-sla="breached"]').first());
    expect(urgent.icon).not.toEqual(breached.icon);
    expect(urgent.background).not.toEqual(breached.background);
    const high = await look(list.locator('[data-priority="high"]').first());
    const pending = await look(list.locator('[data-status="pending"]').first());
    expect(high.icon).not.toEqual(pending.icon);
    expect(high.background).not.toEqual(pending.background);
    await expect(list.locator('[data-sla="paused"]').first()).toBeVisible();

    // The row shows it short ("Overdue 3 d", "Due in 2 h"); the whole sentence is its tooltip.
    // A ticket waiting on the customer says its clock stands still.
    for (const badge of await list.locator('[data-sla="paused"]').all()) {
      await expect(badge).toHaveAttribute("title", "Paused while waiting on the customer");
      await expect(badge).toHaveText(/^Paused/);
    }
    for (const badge of await list.locator('[data-sla]:not([data-sla="paused"])').all()) {
      const title = (await badge.getAttribute("title"))!;
      expect(title).toMatch(/^(First reply|Next reply|Resolution) (due in \d+ (min|h|d)|breached \d+ (min|h|d) ago)$/);
      await expect(badge).toHaveText(
        new RegExp(`^(Overdue|Due in) ${title.replace(/^.* (due in|breached) /, "").replace(/ ago$/, "")}`),
      );
    }
    // Demo data is a real week: most open tickets are on track, not breached.
    const breachedCount = await list.locator('[data-sla="breached"]').count();
    expect(breachedCount).toBeLessThan((await rows(list).count()) / 3);
  });

  test("search covers all tickets with the scope shown; filters stay in their queue; Clear filters is one click", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app#closed");
    const list = page.getByRole("region", { name: "Tickets" });
    await expect(rows(list).first()).toBeVisible();
    const closedNumber = (await rows(list).first().getAttribute("data-ticket-row"))!;

    const myOpen = await openQueue(page, "My Open");
    await myOpen.getByLabel("Search tickets").fill(`#${closedNumber}`);
    await expect(list.getByText("No tickets match the current filters")).toBeVisible();
    await expect(list.getByRole("button", { name: "in My Open" })).toHaveAttribute("aria-pressed", "true");
    await list.getByRole("button", { name: "in all tickets" }).click();
    await expect(rows(list)).toHaveCount(1);
    await expect(rows(list).first()).toHaveAttribute("data-ticket-row", closedNumber);
    await expect(list.getByTestId("active-filters")).toContainText("in all tickets");

    await list.getByLabel("Search tickets").fill("zzzz-no-such-ticket");
    await expect(list.getByText("No tickets match the current filters")).toBeVisible();
    await list.getByRole("button", { name: "Clear filters" }).last().click();
    await expect(list.getByLabel("Search tickets")).toHaveValue("");
    await expect(rows(list).first()).toBeVisible();

    await page.goto("/app#all-open");
    await list.getByRole("combobox", { name: "Status filter" }).click();
    await page.getByRole("option", { name: "Pending" }).click();
    await expect(list.getByTestId("active-filters")).toContainText("Status: Pending");
    await openQueue(page, "Unassigned");
    await expect(list.getByRole("combobox", { name: "Status filter" })).toHaveText("Status");
    await expect(list.getByTestId("active-filters")).toHaveCount(0);
  });

  test("a search can be ordered by relevance, which the sort offers only while searching", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    // A word of its own: the older ticket has it in the subject, the newer only in its description.
    const word = `quorbel${Date.now()}`;
    const created: string[] = [];
    for (const [subject, description] of [
      [`${word} keeps logging me out`, "Since Tuesday."],
      ["Export stuck", `The ${word} export never finishes.`],
    ]) {
      const res = await page.request.post("/api/tickets", {
        data: { subject, description, customerEmail: "casey@example.test" },
      });
      expect(res.status()).toBe(201);
      created.push(String(((await res.json()) as { ticketNumber: number }).ticketNumber));
    }
    await page.goto("/app#all-open");
    const list = page.getByRole("region", { name: "Tickets" });
    const sortBy = list.getByRole("combobox", { name: "Sort by" });
    await sortBy.click();
    await expect(page.getByRole("option", { name: "Relevance" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await list.getByLabel("Search tickets").fill(word);
    await expect(rows(list)).toHaveCount(2);
    const order = () => rows(list).evaluateAll((els) => els.map((e) => e.getAttribute("data-ticket-row")));
    await sortBy.click();
    await page.getByRole("option", { name: "Created" }).click();
    await expect.poll(order).toEqual([created[1], created[0]]);
    await sortBy.click();
    await page.getByRole("option", { name: "Relevance" }).click();
    await expect.poll(order).toEqual([created[0], created[1]]);

    // Without a search there is nothing to be relevant to: the queue's own order comes back.
    await list.getByLabel("Search tickets").fill("");
    await expect(sortBy).toHaveText("Needs attention");
  });

  test("history reads as sentences and each person has one name in the thread", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#all-open");
    const list = page.getByRole("region", { name: "Tickets" });
    // The team's seeded customer's tickets, wherever other tests' newer tickets put them in the queue.
    await list.getByLabel("Search tickets").fill("Casey Customer");
    await expect(rows(list).first()).toBeVisible();
    const withReply = rows(list)
      .filter({ has: page.locator('[data-status="open"]') })
      .filter({ hasText: "Casey Customer" })
      // Assigning it to Riley Agent must change something.
      .filter({ hasNotText: "Riley Agent" })
      .first();
    await withReply.getByRole("button").click();
    const detail = page.getByRole("article");
    await expect(detail.getByRole("combobox", { name: "Status" })).toBeVisible();

    await detail.getByRole("combobox", { name: "Assignee" }).click();
    await page.getByRole("option", { name: "Riley Agent" }).click();
    await expect(detail.getByText("Alex Admin assigned the ticket to Riley Agent")).toBeVisible();
    await detail.getByRole("combobox", { name: "Assignee" }).click();
    await page.getByRole("option", { name: "Unassigned" }).click();
    await expect(detail.getByText("Alex Admin unassigned the ticket")).toBeVisible();
    await detail.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "In Progress" }).click();
    await expect(detail.getByText("Alex Admin changed the status from Open to In Progress")).toBeVisible();

    const history = detail.getByRole("region", { name: "History" });
    await expect(history.getByText(/in_progress|to nobody/)).toHaveCount(0);
    const conversation = detail.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText("Casey Customer", { exact: true }).first()).toBeVisible();
    await expect(conversation.getByText(/Customer · |Support · /)).toHaveCount(0);
  });
});
