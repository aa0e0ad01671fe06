import { showWholeList, signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

test.describe("agent workspace", () => {
  test("work the queue: views by sidebar and hash, search, filter, open, reply, note, change fields", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app");
    await expect(page.getByText("Select a ticket to view details")).toBeVisible();

    const allOpenCount = page.getByTestId("count-all-open");
    await expect(allOpenCount).toHaveText(/^\d+$/);
    const before = Number(await allOpenCount.textContent());

    await page.getByRole("link", { name: "All Open" }).click();
    await expect(page).toHaveURL(/#all-open$/);
    const list = page.getByRole("region", { name: "Tickets" });
    await showWholeList(list, before);

    await page.goto("/app#closed");
    await expect(list.getByText(/Resolved|Closed/).first()).toBeVisible();
    await page.goto("/app#all-open");

    await list.getByLabel("Search tickets").fill("zzzz-no-such-ticket");
    await expect(list.getByText("No tickets match the current filters")).toBeVisible();
    await list.getByLabel("Search tickets").fill("");

    await list.getByRole("combobox", { name: "Status filter" }).click();
    await page.getByRole("option", { name: "Pending" }).click();
    await expect(list.getByRole("listitem").first()).toContainText("Pending");
    await list.getByRole("combobox", { name: "Status filter" }).click();
    await page.getByRole("option", { name: "All statuses" }).click();

    await list.getByRole("listitem").first().getByRole("button").click();
    const detail = page.getByRole("article");
    await expect(detail.getByRole("combobox", { name: "Status" })).toBeVisible();

    await detail.getByPlaceholder("Write a reply to the customer...").fill("We are on it.");
    await detail.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(detail.locator('[data-reply-type="public"]').filter({ hasText: "We are on it." })).toBeVisible();

    await detail.getByRole("tab", { name: "Internal note" }).click();
    await detail.getByPlaceholder(/internal note/).fill("Escalating to billing.");
    await detail.getByRole("button", { name: "Add Note" }).click();
    await expect(
      detail.locator('[data-reply-type="internal"]').filter({ hasText: "Escalating to billing." }),
    ).toBeVisible();

    const priority = detail.getByRole("combobox", { name: "Priority" });
    const next = (await priority.textContent())?.includes("Urgent") ? "Low" : "Urgent";
    // The spec's other tests work the same tickets, so a ticket may already carry the same
    // kind of history entry: each change must add exactly one more.
    const priorityChanges = detail.getByText("changed the priority from", { exact: false });
    const priorityBefore = await priorityChanges.count();
    await priority.click();
    await page.getByRole("option", { name: next }).click();
    await expect(priorityChanges).toHaveCount(priorityBefore + 1);

    const assignee = detail.getByRole("combobox", { name: "Assignee" });
    const nextAssignee = (await assignee.textContent())?.includes("Sam Agent") ? "Alex Admin" : "Sam Agent";
    const assignments = detail.getByText(`assigned the ticket to ${nextAssignee}`);
    const assignmentsBefore = await assignments.count();
    await assignee.click();
    await page.getByRole("option", { name: nextAssignee }).click();
    await expect(assignments).toHaveCount(assignmentsBefore + 1);

    const resolutions = detail.getByText(/changed the status from .+ to Resolved$/);
    const resolutionsBefore = await resolutions.count();
    await detail.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Resolved" }).click();
    await expect(resolutions).toHaveCount(resolutionsBefore + 1);
    await expect(allOpenCount).toHaveText(String(before - 1));
  });

  test("create a ticket from the dialog", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app#all-open");
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "Please fill in both subject and description")).toBeVisible();
    await dialog.getByLabel("Subject").fill("Cannot export invoices");
    await dialog.getByLabel("Description").fill("The export button does nothing.");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "Ticket created")).toBeVisible();
    await expect(page.getByRole("article").getByRole("heading", { name: "Cannot export invoices" })).toBeVisible();
    // A ticket logged without an address names its customer "Customer", the address on hover.
    await expect(page.getByRole("article").getByTitle("customer@unknown.invalid").first()).toHaveText("Customer");
    await expect(page.getByText("Logged without an email address: no other tickets to show.")).toBeVisible();
  });

  test("dashboard shows figures, the chart and recent tickets", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app");
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/#dashboard$/);
    await expect(page.getByText("Total Tickets")).toBeVisible();
    await expect(page.getByRole("img", { name: /created and \d+ resolved in the last 30 days/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent tickets" })).toBeVisible();
    await expect(page.getByText(/of 1000 limit used/)).toBeVisible();
  });

  test("the sidebar opens the knowledge base; #settings goes to /settings", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app");
    await page.getByRole("link", { name: "Knowledge Base" }).click();
    await expect(page).toHaveURL(/#knowledge-base$/);
    await expect(page.getByRole("heading", { name: "Knowledge Base", level: 2 })).toBeVisible();
    await page.goto("/app#settings");
    await expect(page).toHaveURL("/settings");
  });

  test("the sidebar toggles with Ctrl+B and is a sheet on mobile", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app");
    const sidebar = page.locator('[data-slot="sidebar"]');
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");

    await page.setViewportSize({ width: 500, height: 800 });
    await page.reload();
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("link", { name: "All Open" })).toBeVisible();
    await sheet.getByRole("link", { name: "Unassigned" }).click();
    await expect(page).toHaveURL(/#unassigned$/);
  });

  test("at the plan's limit the alert shows and New Ticket is disabled", async ({ page }) => {
    const res = await page.request.post("/api/register", {
      data: { fullName: "Busy Founder", email: uniqueEmail("busy"), companyName: "Busy Co", password: "busy-password" },
    });
    expect(res.status()).toBe(201);
    await page.request.post("/api/onboarding/skip");
    for (let i = 0; i < 150; i++) {
      const created = await page.request.post("/api/tickets", {
        data: { subject: `Ticket ${i}`, description: "Load" },
      });
      expect(created.status()).toBe(201);
    }
    expect(
      (await page.request.post("/api/tickets", { data: { subject: "One too many", description: "x" } })).status(),
    ).toBe(403);
    await page.goto("/app");
    await expect(page.getByRole("alert").filter({ hasText: "Ticket Limit Reached" })).toBeVisible();
    await expect(page.getByRole("button", { name: "New Ticket" })).toBeDisabled();
    await page.getByRole("alert").getByRole("button", { name: "Upgrade" }).click();
    const prompt = page.getByRole("dialog", { name: "Upgrade your plan" });
    await expect(prompt.getByRole("heading", { name: "Pro" })).toBeVisible();
    await expect(prompt.getByRole("heading", { name: "Enterprise" })).toBeVisible();
  });
});
