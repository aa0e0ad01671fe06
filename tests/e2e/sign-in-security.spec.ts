import { timeStep, totpAt, totpSecretBytes } from "@/lib/auth/totp";
import { DEMO_PASSWORD } from "@/lib/site/demo";
import { toastText } from "./helpers";
import { photograph, signInOnScreen } from "./sign-in-screens";
import { expect, test } from "./team";

// Two-factor sign-in, the organisation's policy and sessions, through the screens; each screen
// is also photographed (SHOTS_DIR, else test-results/screens) at three widths, light and dark.

/** The authenticator app: the code of the secret shown on screen, `steps` steps from now. */
const codeOf = (secret: string, steps = 0) => totpAt(totpSecretBytes(secret), timeStep(Date.now()) + steps);

test("enrol an authenticator from the profile, sign out, sign in with a code and with a recovery code", async ({
  page,
  team,
}) => {
  await signInOnScreen(page, team.agent.email);
  await expect(page).toHaveURL(/\/app/);
  await page.goto("/profile");
  // Each reload starts enrolment again (a new pending secret): the last one shown is used below.
  await photograph(page, "totp-enrolment-qr", async () => {
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  });
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await page.getByLabel("Authentication code").fill(codeOf(secret));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const shown = page.getByTestId("recovery-codes").locator("li");
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allTextContents()).map((c) => c.trim());
  await page.getByRole("button", { name: "I saved them" }).click();
  await expect(page.getByTestId("two-factor-state")).toHaveText("On");
  await photograph(page, "profile-security", () => expect(page.getByTestId("session-list")).toBeVisible());

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await signInOnScreen(page, team.agent.email);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await photograph(page, "sign-in-code", async () => {
    // A reload starts the sign-in again: back to the code step.
    await page.getByLabel("Email").fill(team.agent.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel("Authentication code")).toBeVisible();
  });
  await page.getByLabel("Authentication code").fill(codeOf(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app/);

  await page.getByRole("button", { name: "Logout" }).click();
  await signInOnScreen(page, team.agent.email);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app/);
});

test("an organisation that requires two-factor sends a member to enrolment until they have it", async ({
  page,
  browser,
  team,
}) => {
  await signInOnScreen(page, team.admin.email);
  await expect(page).toHaveURL(/\/app/);
  await page.goto("/settings#organization");
  await page.getByRole("switch", { name: /Require two-factor sign-in/ }).click();
  await expect(toastText(page, "Two-factor sign-in required")).toBeVisible();
  await expect(page.getByTestId("two-factor-members")).toContainText(team.agent2.email);
  await photograph(page, "settings-sign-in-security", () =>
    expect(page.getByTestId("two-factor-members")).toBeVisible(),
  );

  // The member signs in on a browser of their own. The admin stays signed in: a new sign-in of
  // theirs would be sent to enrolment too, since they have no second factor either.
  const member = await (await browser.newContext()).newPage();
  await signInOnScreen(member, team.agent2.email);
  await expect(member).toHaveURL("/two-factor-setup");
  await member.goto("/app");
  await expect(member).toHaveURL("/two-factor-setup");
  await photograph(member, "two-factor-setup", () =>
    expect(member.getByRole("button", { name: "Set up authenticator app" })).toBeVisible(),
  );
  await member.getByRole("button", { name: "Set up authenticator app" }).click();
  const secret = (await member.getByTestId("totp-secret").textContent())!;
  await member.getByLabel("Authentication code").fill(codeOf(secret));
  await member.getByRole("button", { name: "Turn on two-factor" }).click();
  await member.getByRole("button", { name: "I saved them" }).click();
  await expect(member).toHaveURL(/\/app/);

  // Left as found for the spec's other tests.
  await page.goto("/settings#organization");
  await page.getByRole("switch", { name: /Require two-factor sign-in/ }).click();
  await expect(toastText(page, "Two-factor sign-in optional")).toBeVisible();
});

test("end another session from the profile: that browser is signed out", async ({ browser, team }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  const here = await laptop.newPage();
  const there = await phone.newPage();
  await signInOnScreen(there, team.admin.email);
  await expect(there).toHaveURL(/\/app/);
  await signInOnScreen(here, team.admin.email);
  await expect(here).toHaveURL(/\/app/);
  await here.goto("/profile");
  const phoneRow = here.getByTestId("session-row").filter({ hasText: "Safari on iOS" });
  await expect(phoneRow).toBeVisible();
  await expect(here.getByTestId("session-row").filter({ hasText: "This device" })).toHaveCount(1);
  await phoneRow.getByRole("button", { name: "End" }).click();
  await expect(toastText(here, "Session ended")).toBeVisible();
  await expect(phoneRow).toHaveCount(0);

  await there.goto("/app");
  await expect(there).not.toHaveURL(/\/app/);
  await here.goto("/app");
  await expect(here).toHaveURL(/\/app/);

  // The admin ends a member's sessions from User Management (the customer: the agents have two-factor by now).
  const agentBrowser = await browser.newContext();
  const agentPage = await agentBrowser.newPage();
  await signInOnScreen(agentPage, team.customer.email);
  await expect(agentPage).toHaveURL(/\/app/);
  await here.goto("/users");
  const row = here.getByTestId("user-row").filter({ hasText: team.customer.email });
  await row.getByRole("button").last().click();
  await here.getByRole("menuitem", { name: "Sessions" }).click();
  await expect(here.getByRole("dialog").getByTestId("session-row")).toHaveCount(1);
  await here.getByRole("button", { name: "End all sessions" }).click();
  await expect(toastText(here, "Sessions ended")).toBeVisible();
  await agentPage.goto("/app");
  await expect(agentPage).not.toHaveURL(/\/app/);
  await Promise.all([laptop.close(), phone.close(), agentBrowser.close()]);
});
