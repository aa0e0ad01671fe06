import { signInAs, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

// The route table: anonymous visitors go to /, users without the role go to /app.
const protectedPages = ["/app", "/onboarding", "/profile", "/settings", "/admin", "/users", "/platform-admin"];

test.describe("route guard", () => {
  for (const path of protectedPages) {
    test(`sends an anonymous visitor of ${path} to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL("/");
    });
  }

  test("keeps an agent out of the admin pages", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    for (const path of ["/admin", "/users", "/platform-admin"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/app");
    }
    for (const path of ["/app", "/profile", "/settings"]) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    }
  });

  test("lets an org admin into /admin and /users but not /platform-admin", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
    await page.goto("/platform-admin");
    await expect(page).toHaveURL("/app");
  });

  test("lets a platform admin everywhere", async ({ page, team }) => {
    await signInAs(page, team.platformAdmin.email);
    await page.goto("/platform-admin");
    await expect(page.getByRole("heading", { name: "Platform Administration" })).toBeVisible();
    await page.goto("/users");
    await expect(page).toHaveURL("/users");
  });

  test("sends a new organisation from /app to /onboarding until it is done", async ({ page }) => {
    const res = await page.request.post("/api/register", {
      data: {
        fullName: "New Founder",
        email: uniqueEmail("founder"),
        companyName: "Fresh Co",
        password: "founder-password",
      },
    });
    expect(res.status()).toBe(201);
    await page.goto("/app");
    await expect(page).toHaveURL("/onboarding");
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page).toHaveURL("/app");
    await expect(page.getByText("New Founder")).toBeVisible();
  });

  test("a logged-out cookie replayed later is turned away", async ({ page }) => {
    const email = uniqueEmail("leaver");
    await page.request.post("/api/register", {
      data: { fullName: "Leaver", email, companyName: "Leaving Co", password: "leaver-password" },
    });
    const cookies = await page.context().cookies();
    await page.request.post("/api/logout");
    await page.context().addCookies(cookies); // replay the old cookie
    await page.goto("/settings");
    await expect(page).toHaveURL("/");
  });
});
