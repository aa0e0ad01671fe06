import path from "node:path";
import type { Browser } from "@playwright/test";
import { SCREEN_SIZES, showTicketDetails, signInAs, openInTheme, expectNoSidewaysScroll } from "./helpers";
import { expect, test } from "./team";

// The live parts of an open ticket at the widths agents use, light and dark, saved as screenshots
// (SHOTS_DIR, else test-results/screens) for a person to look at: who else is viewing and typing,
// the "This ticket was updated" banner, the question after a stale change and a held reply.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
async function pageAs(
  browser: Browser,
  email: string,
  theme: "light" | "dark",
  size: { width: number; height: number },
) {
  const { baseURL, extraHTTPHeaders } = test.info().project.use;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, viewport: size });
  await openInTheme(context, theme);
  const page = await context.newPage();
  await signInAs(page, email);
  return page;
}

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`live ticket at ${size.width} px, ${theme}: viewers, banner, stale change and held reply`, async ({
      browser,
      team,
    }) => {
      const name = `${size.width}-${theme}`;
      const a = await pageAs(browser, team.admin.email, theme, { width: 1440, height: 900 });
      const b = await pageAs(browser, team.agent2.email, theme, size);
      const created = await a.request.post("/api/tickets", {
        data: { subject: `Printer on fire ${Date.now()}`, description: "Smoke from tray 2.", customerName: "Pat Doe" },
      });
      const ticket = (await created.json()) as { id: string; ticketNumber: number; subject: string };
      const url = `/app?ticket=${ticket.ticketNumber}#all-open`;
      await b.goto(url);
      await a.goto(url);
      const detail = b.getByRole("article");
      await a.getByRole("article").getByRole("textbox", { name: "Reply" }).fill("On my way with an extinguisher");
      await expect(detail.locator("[data-ticket-viewers]")).toContainText("Alex Admin is typing a reply");
      await a.request.put(`/api/tickets/${ticket.id}`, { data: { priority: "urgent" } });
      await expect(b.getByText("This ticket was updated")).toBeVisible();
      await expect(b.locator("#ticket-priority")).toHaveText("Urgent");
      await expectNoSidewaysScroll(b);
      await b.screenshot({ path: path.join(SHOTS, `live-ticket-${name}.png`) });

      // A tab that heard nothing: its change and its reply are out of date.
      const c = await pageAs(browser, team.agent.email, theme, size);
      await c.route("**/api/events", (route) => route.abort());
      await c.goto(url);
      await expect(c.getByRole("article").getByRole("heading", { name: ticket.subject })).toBeVisible();
      await a.request.put(`/api/tickets/${ticket.id}`, { data: { status: "pending" } });
      await showTicketDetails(c);
      await c.getByRole("article").getByRole("combobox", { name: "Status" }).click();
      await c.getByRole("option", { name: "Resolved" }).click();
      const dialog = c.getByRole("alertdialog", { name: "This ticket was updated" });
      await expect(dialog).toBeVisible();
      await c.screenshot({ path: path.join(SHOTS, `live-stale-change-${name}.png`) });
      await dialog.getByRole("button", { name: "Keep their change" }).click();

      await a.request.post("/api/replies", { data: { ticketId: ticket.id, content: "Fire is out.", type: "public" } });
      await c.getByRole("article").getByRole("textbox", { name: "Reply" }).fill("Calling the fire brigade");
      await c.getByRole("article").getByRole("button", { name: "Send Reply" }).click();
      await expect(c.locator("[data-stale-reply]")).toBeVisible();
      await expect(c.getByRole("article").getByText("Fire is out.")).toBeVisible();
      await expectNoSidewaysScroll(c);
      await c.screenshot({ path: path.join(SHOTS, `live-held-reply-${name}.png`) });
      // Closed again, so the team's open queues stay as its other tests expect.
      await a.request.put(`/api/tickets/${ticket.id}`, { data: { status: "closed" } });
      for (const p of [a, b, c]) await p.context().close();
    });
  }
}
