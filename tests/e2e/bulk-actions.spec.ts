import { signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

test.describe("bulk actions", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("select by click, Shift-click range and select all, then change priority and assignee at once", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#all-open");
    // The page is drawn with My Open until the browser reads the hash: take All Open's rows.
    await expect(page.getByRole("heading", { name: "All Open", level: 2 })).toBeVisible();
    const list = page.getByRole("region", { name: "Tickets" });
    const rows = list.locator("[data-ticket-row]");
    await expect(rows.nth(5)).toBeVisible();
    const numbers = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-ticket-row")!));
    const priorities = await rows.evaluateAll((els) =>
      els.map((e) => e.querySelector("[data-priority]")!.getAttribute("data-priority")!),
    );
    const box = (i: number) => list.getByRole("checkbox", { name: `Select ticket #${numbers[i]}` });

    await box(1).click();
    await box(4).click({ modifiers: ["Shift"] });
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await expect(bar).toContainText("4 selected");
    for (const i of [1, 2, 3, 4]) await expect(box(i)).toBeChecked();
    await expect(box(0)).not.toBeChecked();
    await box(2).click();
    await expect(bar).toContainText("3 selected");

    await bar.getByRole("combobox", { name: "Set priority" }).click();
    await page.getByRole("option", { name: "Low" }).click();
    await expect(toastText(page, "3 tickets updated")).toBeVisible();
    await expect(bar).toHaveCount(0);
    for (const i of [1, 3, 4])
      await expect(list.locator(`[data-ticket-row="${numbers[i]}"] [data-priority]`)).toHaveAttribute(
        "data-priority",
        "low",
      );

    await list.getByRole("checkbox", { name: "Select all tickets on this page" }).click();
    await expect(bar).toContainText(`${numbers.length} selected`);
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await expect(bar).toHaveCount(0);

    await box(0).click();
    await box(1).click();
    await bar.getByRole("combobox", { name: "Assign" }).click();
    await page.getByRole("option", { name: "Riley Agent" }).click();
    await expect(toastText(page, "2 tickets updated")).toBeVisible();
    for (const i of [0, 1])
      await expect(list.locator(`[data-ticket-row="${numbers[i]}"]`)).toContainText("Riley Agent");
    // Each ticket's history has the change (for one whose priority was not Low already).
    const changed = [1, 3, 4].find((i) => priorities[i] !== "low");
    if (changed !== undefined) {
      await list.locator(`[data-ticket-row="${numbers[changed]}"]`).getByRole("button").click();
      const history = page.getByRole("article").getByRole("region", { name: "History" });
      await expect(
        history.getByText(/^Alex Admin changed the priority from (Urgent|High|Medium) to Low$/),
      ).toBeVisible();
    }
  });

  test("a customer sees no selection boxes", async ({ page, team }) => {
    await signInAs(page, team.customer.email);
    await page.goto("/app#closed");
    const list = page.getByRole("region", { name: "Tickets" });
    await expect(list.locator("[data-ticket-row]").first()).toBeVisible();
    await expect(list.getByRole("checkbox")).toHaveCount(0);
  });
});
