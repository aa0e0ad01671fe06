import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSidewaysScroll, SCREEN_SIZES, signInAs } from "./helpers";
import { expect, test } from "./team";

// Companies (issue 62): an admin adds a company with its domain; its customer's ticket shows the
// company, its other people, tickets and notes beside the conversation; "All tickets of ..."
// lists the company's tickets only.

type Created = { id: string; ticketNumber: number; subject: string };

// Screenshots of the companies screens: SHOTS_DIR, else test-results/screens.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

async function newTicket(page: Page, subject: string, customerEmail: string, customerName: string) {
  const res = await page.request.post("/api/tickets", {
    data: { subject, description: `About ${subject}`, customerEmail, customerName },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), theme === "dark");
}

test("create a company with a domain, see it on its customer's ticket, and list its tickets", async ({
  page,
  team,
}) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const domain = `globex${tag}.test`;
  const name = `Globex ${tag}`;
  await signInAs(page, team.admin.email);
  await page.setViewportSize({ width: 1440, height: 900 });

  const hank = await newTicket(page, `Invoice copy ${tag}`, `hank@${domain}`, "Hank Scorpio");
  const homer = await newTicket(page, `Reactor badge ${tag}`, `homer@${domain}`, "Homer Simpson");
  const elsewhere = await newTicket(page, `Unrelated ${tag}`, `someone@else${tag}.test`, "Someone Else");

  // Settings > Companies: a free mail domain is refused, then the company is created.
  await page.goto("/settings#companies");
  const card = page.getByRole("tabpanel", { name: "Companies" });
  await card.getByRole("button", { name: "New Company" }).click();
  const dialog = page.getByRole("dialog", { name: "New company" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email domains").fill("gmail.com");
  await dialog.getByRole("button", { name: "Create Company" }).click();
  await expect(dialog).toContainText("gmail.com is a free mail domain");
  await dialog.getByLabel("Email domains").fill(domain);
  await dialog.getByLabel("Notes").fill(`Pays yearly. Ask for Hank ${tag}.`);
  await dialog.getByRole("button", { name: "Create Company" }).click();
  await expect(dialog).toBeHidden();
  const row = card.locator(`[data-company="${name}"]`);
  await expect(row).toContainText(domain);
  await expect(row).toContainText("2 tickets, 2 open");

  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto("/settings#companies");
      await page.reload();
      await expect(row).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `companies-settings-${size.width}-${theme}.png`) });
      await row.getByRole("button", { name: `People of ${name}` }).click();
      const people = page.getByRole("dialog", { name });
      await expect(people).toContainText(`homer@${domain}`);
      await page.screenshot({ path: path.join(SHOTS, `companies-people-${size.width}-${theme}.png`) });
      await page.keyboard.press("Escape");
    }
  }
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The ticket of the domain's customer shows the company, its notes, its other person and ticket.
  await page.goto(`/app?ticket=${hank.ticketNumber}#all-open`);
  const detail = page.getByRole("article", { name: `Ticket #${hank.ticketNumber}` });
  const company = detail.getByRole("region", { name: "Company" });
  await expect(company.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(company).toContainText(`Pays yearly. Ask for Hank ${tag}.`);
  await expect(company).toContainText(`homer@${domain}`);
  await expect(company).toContainText(`#${homer.ticketNumber}`);
  // On a narrow pane the details fold under "Details": open, as the browser remembers it.
  await page.evaluate(() => localStorage.setItem("ticketry.ticket-details", "open"));
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/app?ticket=${hank.ticketNumber}#all-open`);
      await page.reload();
      const pane = page.getByRole("article", { name: `Ticket #${hank.ticketNumber}` });
      const section = pane.getByRole("region", { name: "Company" });
      await section.scrollIntoViewIfNeeded();
      await expect(section).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `companies-panel-${size.width}-${theme}.png`) });
    }
  }
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/app?ticket=${hank.ticketNumber}#all-open`);

  // "All tickets of ..." lists the company's two tickets and not the other customer's.
  await page
    .getByRole("article", { name: `Ticket #${hank.ticketNumber}` })
    .getByRole("region", { name: "Company" })
    .getByRole("link", { name: `All tickets of ${name}` })
    .click();
  await expect(page).toHaveURL(/company=/);
  const list = page.getByRole("region", { name: "Tickets", exact: true });
  await expect(page.getByTestId("active-filters")).toContainText(`Company: ${name}`);
  await expect(list).toContainText(hank.subject);
  await expect(list).toContainText(homer.subject);
  await expect(list).not.toContainText(elsewhere.subject);
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.getByTestId("active-filters")).toContainText(`Company: ${name}`);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `companies-list-${size.width}-${theme}.png`) });
    }
  }
});
