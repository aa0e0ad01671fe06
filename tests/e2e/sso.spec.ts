import {
  DEV_CLIENT_ID,
  DEV_CLIENT_SECRET,
  startTestProvider,
  type TestProvider,
} from "../integration/helpers/oidc-provider";
import { toastText } from "./helpers";
import { photograph, signInOnScreen } from "./sign-in-screens";
import { expect, test } from "./team";

// Single sign-on through the screens, against the development OpenID provider (the one `npm run
// sso:provider` serves, its own sign-in form included): an admin sets it up in Settings, an agent
// signs in through it and lands in the workspace. The server runs with SSO_ALLOW_PRIVATE_HOSTS=true
// (playwright.config.ts), so it may reach the provider on this machine.

let provider: TestProvider;
test.beforeAll(async () => {
  provider = await startTestProvider({ appUrl: process.env.APP_URL ?? "http://localhost:3100" });
});
test.afterAll(async () => provider.close());

test("an admin sets up single sign-on; an agent signs in through the provider's form and lands in the workspace", async ({
  page,
  team,
}) => {
  const domain = team.supportAddress.split("@")[1]!;
  await signInOnScreen(page, team.admin.email);
  await expect(page).toHaveURL(/\/app/);

  await page.goto("/settings#organization");
  const card = page.getByRole("heading", { name: "Single Sign-On" });
  await expect(card).toBeVisible();
  await expect(page.getByTestId("sso-redirect-uri")).toHaveText(/\/api\/sso\/callback$/);
  await page.getByLabel("Issuer URL").fill(provider.issuer);
  await page.getByLabel("Client ID").fill(DEV_CLIENT_ID);
  await page.getByLabel("Client secret").fill(DEV_CLIENT_SECRET);
  await page.getByRole("checkbox", { name: domain }).check();
  await page.getByRole("button", { name: "Set Up Single Sign-On" }).click();
  await expect(toastText(page, "Single sign-on set up")).toBeVisible();
  await expect(page.getByText("Kept sealed. Leave empty to keep it, or type a new one.")).toBeVisible();
  await photograph(page, "settings-sso", () => expect(page.getByLabel("Issuer URL")).toHaveValue(provider.issuer));

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with SSO" }).click();
  await page.getByLabel("Work email").fill(team.agent.email);
  await photograph(page, "sign-in-sso", async () => {
    // A reload closes the SSO form: open it again.
    await page.getByRole("button", { name: "Sign in with SSO" }).click();
    await expect(page.getByLabel("Work email")).toBeVisible();
  });
  await page.getByLabel("Work email").fill(team.agent.email);
  await page.getByRole("button", { name: "Continue with SSO" }).click();

  // The provider's own sign-in form (any password), prefilled with the email it was given.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await expect(page.locator('input[name="login"]')).toHaveValue(team.agent.email);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goto("/profile");
  await expect(page.getByText(team.agent.fullName).first()).toBeVisible();
});

test("a single sign-on that comes back refused says why on the sign-in page", async ({ page }) => {
  await page.goto("/login?sso=domain");
  await expect(page.getByRole("alert").filter({ hasText: "Your email's domain does not sign in" })).toBeVisible();
  await expect(page.getByLabel("Work email")).toBeVisible();
  await photograph(page, "sign-in-sso-refused", () => expect(page.getByLabel("Work email")).toBeVisible());
});
