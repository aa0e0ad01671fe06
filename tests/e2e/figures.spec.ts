import { signInAs } from "./helpers";
import { expect, test } from "./team";

test.describe("admin breakdown and dashboard chart", () => {
  test("the Ticket Status Breakdown counts every status, so the counts and shares add up", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Ticket Status Breakdown" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Total Tickets" }).getByTestId("stat-value")).toHaveText(/^[1-9]\d*$/);
    const card = page.locator("[data-slot=card]").filter({ hasText: "Ticket Status Breakdown" });
    const bars = card.getByRole("progressbar");
    await expect(bars).toHaveCount(5);
    const names = await bars.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!));
    const counts = names.map((n) => Number(n.match(/: (\d+) of/)![1]));
    const total = Number(names[0]!.match(/of (\d+)$/)![1]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    const shares = (await card.textContent())!.match(/\((\d+)%\)/g)!.map((s) => Number(s.slice(1, -2)));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
  });

  test("the dashboard chart has dates on its axis, a scale and a tooltip per day", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#dashboard");
    const chart = page.locator("figure svg").first();
    await expect(chart).toBeVisible();
    await expect(
      chart
        .locator("text")
        .filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ })
        .first(),
    ).toBeVisible();
    await expect(chart.getByTestId("chart-scale")).toHaveCount(5);
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
    const tip = page.getByRole("tooltip");
    await expect(tip).toContainText(/\d+ created/);
    await expect(tip).toContainText(/\d+ resolved/);
  });
});
