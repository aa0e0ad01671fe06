import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { PlatformMetrics } from "@/lib/schemas/platform";
import { createOrganization } from "./db";
import { signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

async function searchOrganizations(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Search organizations" }).fill(text);
}

test.describe("platform administration", () => {
  test.beforeEach(async ({ page, team }) => {
    await signInAs(page, team.platformAdmin.email);
  });

  test("shows the platform metrics the API computes", async ({ page }) => {
    await page.goto("/platform-admin");
    await expect(page.getByRole("heading", { name: "Platform Administration" })).toBeVisible();
    await expect(page.getByTestId("metric-organizations-value")).not.toBeEmpty();
    const n = (v: number) => v.toLocaleString("en-US");
    // Other specs add organisations, users and tickets at any moment: the API is read right
    // before the page loads, and the pair is read again until no change fell between the two.
    await expect(async () => {
      const m = (await (await page.request.get("/api/platform/metrics")).json()) as PlatformMetrics;
      await page.reload();
      const shows = (id: string, text: string) => expect(page.getByTestId(id)).toHaveText(text, { timeout: 5_000 });
      await shows("metric-organizations-value", n(m.totalOrganizations));
      await shows("metric-users-value", n(m.totalUsers));
      await shows("metric-users-detail", `${n(m.activeUsers)} active`);
      await shows("metric-tickets-value", n(m.totalTickets));
      await shows("metric-tickets-detail", `${n(m.openTickets)} open, ${n(m.resolvedTickets)} resolved`);
      for (const [plan, label] of [
        ["enterprise", "Enterprise"],
        ["pro", "Pro"],
        ["starter", "Starter"],
        ["free", "Free"],
      ] as const) {
        await shows(`plan-row-${plan}`, `${label}${n(m.planDistribution[plan])}`);
      }
      await shows("plan-total", `Total${n(m.totalOrganizations)}`);
      expect(m.planDistribution.pro).toBeGreaterThanOrEqual(1); // the demo organisation
    }).toPass({ timeout: 20_000 });
  });

  test("searches organisations by name on the server", async ({ page, team }) => {
    await page.goto("/platform-admin");
    await openTab(page, "Organizations");
    // The team's own name in another case: the search ignores case.
    const { name } = team.organization;
    await searchOrganizations(page, [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(""));
    const rows = page.getByTestId("organization-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await expect(rows.first().getByTestId("plan-badge")).toHaveText("Pro");
    await searchOrganizations(page, "zz-no-such-organisation-zz");
    await expect(page.getByText("No organizations found")).toBeVisible();
    await expect(rows).toHaveCount(0);
  });

  test("row menu: details and management are coming soon, the plan can be changed", async ({ page }) => {
    const name = `Plan Change ${Date.now()}`;
    await createOrganization(name, "starter");
    await page.goto("/platform-admin");
    await openTab(page, "Organizations");
    await searchOrganizations(page, name);
    await expect(page.getByTestId("organization-row")).toHaveCount(1);
    const row = page.getByTestId("organization-row").filter({ hasText: name });
    await expect(row.getByTestId("plan-badge")).toHaveText("Starter");

    await row.getByRole("button", { name: `Actions for ${name}` }).click();
    await expect(page.getByRole("menuitem", { name: /View Details/ })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("menuitem", { name: /Manage Organization/ })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("menuitem", { name: /View Details/ })).toContainText("Coming soon");
    await page.getByRole("menuitem", { name: "Change plan" }).click();

    const dialog = page.getByRole("dialog", { name: "Change plan" });
    await expect(dialog).toContainText(`${name} is on the Starter plan.`);
    await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await dialog.getByRole("combobox", { name: "Plan" }).click();
    await page.getByRole("option", { name: "Enterprise" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();

    await expect(toastText(page, `${name} is now on the Enterprise plan.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("plan-badge")).toHaveText("Enterprise");
    await expect(page).toHaveURL(/\/platform-admin#organizations$/);
    await page.reload(); // the hash keeps the Organizations tab open
    await expect(page.getByRole("tab", { name: "Organizations" })).toHaveAttribute("aria-selected", "true");
    await searchOrganizations(page, name);
    await expect(page.getByTestId("organization-row")).toHaveCount(1);
    await expect(page.getByTestId("organization-row").filter({ hasText: name }).getByTestId("plan-badge")).toHaveText(
      "Enterprise",
    );
  });

  test("no tab leads nowhere; the system health tab", async ({ page }) => {
    await page.goto("/platform-admin");
    await expect(page.getByRole("tab")).toHaveText(["Overview", "Organizations", "System Health"]);
    await openTab(page, "System Health");
    await expect(page.getByText("Reachable", { exact: true })).toBeVisible();
    const health = (await (await page.request.get("/api/platform/health")).json()) as {
      migrations: { latest: string; applied: number };
      app: { version: string };
    };
    await expect(page.getByText(health.migrations.latest)).toBeVisible();
    await expect(page.getByText(`Ticketry ${health.app.version}`)).toBeVisible();
    await expect(page.getByText("production", { exact: true })).toBeVisible();
  });
});

test("each tab has no accessibility violations, in light and dark", async ({ page, team }) => {
  test.slow(); // six axe-core passes
  await signInAs(page, team.platformAdmin.email);
  await page.goto("/platform-admin");
  const ready: Record<string, () => Promise<void>> = {
    Overview: () => expect(page.getByTestId("plan-total")).toBeVisible(),
    Organizations: () => expect(page.getByTestId("organization-row").first()).toBeVisible(),
    "System Health": () => expect(page.getByText("Reachable", { exact: true })).toBeVisible(),
  };
  for (const theme of ["light", "dark"]) {
    if (theme === "dark") await page.getByRole("button", { name: "Toggle theme" }).click();
    for (const [tab, loaded] of Object.entries(ready)) {
      await openTab(page, tab);
      await loaded();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.map((v) => `${theme} ${tab} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    }
  }
});

test("an organisation admin is sent from /platform-admin to /app", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  await page.goto("/platform-admin");
  await expect(page).toHaveURL("/app");
  expect((await page.request.get("/api/platform/metrics")).status()).toBe(403);
});
