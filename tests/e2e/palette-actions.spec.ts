import type { Page } from "@playwright/test";
import { signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// The command palette acts on the open ticket as its selects do, and every change made by a
// single key or from the palette can be taken back for a few seconds, unless a colleague has
// changed the ticket since.

type Created = { id: string; ticketNumber: number; subject: string };
type Stored = { status: string; priority: string; assignedTo: string | null; version: number; tags?: string[] };

async function newTicket(page: Page, subject: string) {
  const res = await page.request.post("/api/tickets", {
    data: { subject, description: "Nothing loads.", customerEmail: "lee@example.test", customerName: "Lee Doe" },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

const stored = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/tickets/detail/${id}`)).json()) as Stored;

async function openTicket(page: Page, t: Created) {
  await page.goto(`/app?ticket=${t.ticketNumber}#all-open`);
  const ticket = page.getByRole("article", { name: `Ticket #${t.ticketNumber}` });
  await expect(ticket.getByRole("heading", { name: t.subject })).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return ticket;
}

/** Opens the palette, types `words` and runs what comes first. */
async function runFromPalette(page: Page, words: string, first: string) {
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox", { name: "Search commands and tickets" }).fill(words);
  await expect(palette.getByRole("option").first()).toHaveAccessibleName(first);
  await expect(palette.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
}

test.describe("palette actions and Undo", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test("the palette resolves, sets the priority and assigns to me, through the ticket's own update", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.agent.email);
    const t = await newTicket(page, `Palette ${Date.now()}`);
    const ticket = await openTicket(page, t);

    await runFromPalette(page, "set priority high", "Set priority: High");
    await expect(ticket.getByRole("combobox", { name: "Priority" })).toHaveText("High");
    await expect(toastText(page, `Ticket #${t.ticketNumber} set to High priority`)).toBeVisible();

    await runFromPalette(page, "assign to me", "Assign to me");
    await expect(ticket.getByRole("combobox", { name: "Assignee" })).toHaveText(team.agent.fullName);

    await runFromPalette(page, "resolve", "Resolve");
    await expect(ticket.getByRole("combobox", { name: "Status" })).toHaveText("Resolved");

    await page.reload();
    const saved = await stored(page, t.id);
    expect(saved).toMatchObject({ status: "resolved", priority: "high" });
    expect(saved.assignedTo).not.toBeNull();
    await expect(ticket.getByRole("combobox", { name: "Assignee" })).toHaveText(team.agent.fullName);

    // Pages too, and only those the role may open: an agent has no Admin Dashboard.
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const input = palette.getByRole("combobox", { name: "Search commands and tickets" });
    await input.fill("admin");
    await expect(palette.getByRole("option", { name: "Admin Dashboard" })).toHaveCount(0);
    await input.fill("settings");
    await expect(palette.getByRole("option").first()).toHaveAccessibleName("Settings");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings/);
  });

  test("Add tag... puts the cursor in the tag field, unfolding the ticket's details on a narrower pane", async ({
    page,
    team,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInAs(page, team.agent.email);
    const t = await newTicket(page, `Palette tag ${Date.now()}`);
    const ticket = await openTicket(page, t);
    const field = ticket.getByRole("combobox", { name: "Add tag" });
    await expect(field).toBeHidden();

    await runFromPalette(page, "add tag", "Add tag...");
    await expect(field).toBeFocused();
    const tag = `palette-${Date.now()}`;
    await page.keyboard.type(tag);
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await stored(page, t.id)).tags).toContain(tag);
  });

  test("e, then Undo, returns the ticket to its previous status; z undoes too", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    const t = await newTicket(page, `Undo ${Date.now()}`);
    const ticket = await openTicket(page, t);

    await page.keyboard.press("e");
    await expect(ticket.getByRole("combobox", { name: "Status" })).toHaveText("Resolved");
    await expect.poll(async () => (await stored(page, t.id)).status).toBe("resolved");
    await page.locator('[data-slot="toast"]').getByRole("button", { name: "Undo" }).click();
    await expect(ticket.getByRole("combobox", { name: "Status" })).toHaveText("Open");
    await page.reload();
    await expect(ticket.getByRole("combobox", { name: "Status" })).toHaveText("Open");
    expect((await stored(page, t.id)).status).toBe("open");

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("a");
    await expect(ticket.getByRole("combobox", { name: "Assignee" })).toHaveText(team.agent.fullName);
    await expect(toastText(page, `Ticket #${t.ticketNumber} assigned to you`)).toBeVisible();
    await page.keyboard.press("z");
    await expect(ticket.getByRole("combobox", { name: "Assignee" })).toHaveText("Unassigned");
    await expect.poll(async () => (await stored(page, t.id)).assignedTo).toBeNull();
  });

  test("Undo does not overwrite a colleague's newer change", async ({ page, team, browser, baseURL }) => {
    await signInAs(page, team.agent.email);
    const t = await newTicket(page, `Undo late ${Date.now()}`);
    const ticket = await openTicket(page, t);

    await page.keyboard.press("e");
    await expect(toastText(page, `Ticket #${t.ticketNumber} resolved`)).toBeVisible();
    await expect.poll(async () => (await stored(page, t.id)).status).toBe("resolved");
    // A colleague moves it on meanwhile.
    const colleague = await browser.newContext({ baseURL });
    const other = await colleague.newPage();
    await signInAs(other, team.agent2.email);
    expect((await other.request.put(`/api/tickets/${t.id}`, { data: { status: "pending" } })).ok()).toBe(true);
    await colleague.close();

    await page.locator('[data-slot="toast"]').getByRole("button", { name: "Undo" }).click();
    await expect(toastText(page, "Not undone: the ticket changed since")).toBeVisible();
    await expect(ticket.getByRole("combobox", { name: "Status" })).toHaveText("Pending");
    expect((await stored(page, t.id)).status).toBe("pending");
  });
});
