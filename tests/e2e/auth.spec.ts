import { createInvite, createOrgAdmin } from "./db";
import { linkFromMail, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

test.describe("accounts", () => {
  test("register goes to onboarding", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByText("Must be at least 8 characters long")).toBeVisible();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(toastText(page, "Please fill in all required fields")).toBeVisible();

    await page.getByLabel("Full name").fill("Robin Founder");
    await page.getByLabel("Work email").fill(uniqueEmail("robin"));
    await page.getByLabel("Company name").fill("Robin's Repairs");
    await page.getByLabel("Password", { exact: true }).fill("robin-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL("/onboarding");
    await expect(toastText(page, "Account created successfully")).toBeVisible();
  });

  test("login with a demo account goes to /app and logout to /login", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Demo Credentials" })).toBeVisible();
    await page.getByLabel("Email").fill("agent@acme.test");
    await page.getByLabel("Password", { exact: true }).fill("demo-password-1");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/app");
    await expect(page.getByText("Sam Agent", { exact: true })).toBeVisible();
    // The workspace opening says it worked: no toast (toast-placement.spec.ts checks none ever shows).
    await expect(page.locator('[data-slot="toast"]')).toHaveCount(0);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/app");
    await expect(page).toHaveURL("/");
  });

  test("after sign-in, `next` leads only to a page of the app, never to another site", async ({ page }) => {
    // Browsers read a backslash as a slash and drop tabs, so these all mean "//evil.example".
    const hostile = ["/%5Cevil.example", "/\\evil.example", "/%09/evil.example", "//evil.example", "/.//evil.example"];
    await page.context().route("**://evil.example/**", (route) => route.fulfill({ body: "evil" }));
    const email = await createOrgAdmin();
    const signIn = async (next: string) => {
      await page.context().clearCookies();
      await page.goto(`/login?next=${next}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("demo-password-1");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
    };
    for (const next of hostile) {
      await signIn(next);
      await expect(page, `next=${next}`).toHaveURL("/app");
      await expect(page.getByText("Olive Owner")).toBeVisible();
    }
    await signIn(encodeURIComponent("/profile?tab=1#password"));
    await expect(page).toHaveURL("/profile?tab=1#password");
  });

  test("a wrong password or missing fields are refused with the spec's toasts", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(toastText(page, "Please enter your email and password")).toBeVisible();
    await page.getByLabel("Email").fill("agent@acme.test");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(toastText(page, "Login failed")).toBeVisible();
    await expect(toastText(page, "Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL("/login");
  });

  test("forgot password, follow the emailed link, reset, sign in with the new password", async ({ page }) => {
    const email = uniqueEmail("forgetful");
    const created = await page.request.post("/api/register", {
      data: { fullName: "Forgetful", email, companyName: "Forget Co", password: "old-password-1" },
    });
    expect(created.status()).toBe(201);
    await page.request.post("/api/logout");

    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toastText(page, "Please enter your email address")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Development mode: the reset link is printed in the server logs")).toBeVisible();

    const link = new URL(await linkFromMail(email, "/reset-password"));
    await page.goto(link.pathname + link.search);
    await page.getByLabel("New password").fill("new-password-1");
    await page.getByLabel("Confirm password").fill("different-1");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(toastText(page, "Passwords don't match")).toBeVisible();
    await page.getByLabel("Confirm password").fill("new-password-1");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Password reset complete")).toBeVisible();
    await expect(page).toHaveURL("/login");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("new-password-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/onboarding");
  });

  test("reset without a token offers a new link", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page).toHaveURL("/forgot-password");
  });

  test("accept an invitation, then sign in", async ({ page, team }) => {
    const email = uniqueEmail("invitee");
    const token = await createInvite(team.organization.slug, email, "org_admin");
    await page.goto(`/accept-invite?token=${token}`);
    await expect(page.getByText(team.organization.name)).toBeVisible();
    await expect(page.getByText("Admin", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");

    await page.getByLabel("Full name").fill("Ingrid Invitee");
    await page.getByLabel("Password", { exact: true }).fill("invitee-password");
    await page.getByLabel("Confirm password").fill("invitee-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Your account has been created. Please login to continue.")).toBeVisible();
    await expect(page).toHaveURL("/login");

    await page.goto(`/accept-invite?token=${token}`);
    await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
    await expect(page.getByText("Invalid or expired invitation")).toBeVisible();
  });

  test("accept-invite without a token shows the invalid view", async ({ page }) => {
    await page.goto("/accept-invite");
    await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
    await expect(page.getByText("No invitation token provided")).toBeVisible();
    await page.getByRole("link", { name: "Go to Login" }).click();
    await expect(page).toHaveURL("/login");
  });
});
