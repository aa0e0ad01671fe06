import AxeBuilder from "@axe-core/playwright";
import { linkFromMail, signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

test.describe("settings: team", () => {
  test("an admin invites a teammate, who accepts the emailed link in another browser and signs in", async ({
    page,
    browser,
    team,
  }) => {
    // Two browsers, an email round trip and the accept page's 2-second redirect: allow for a busy machine.
    test.slow();
    await signInAs(page, team.admin.email);
    await page.goto("/settings#team");
    const tab = page.getByRole("tabpanel", { name: "Team" });
    await expect(tab.getByRole("heading", { name: "Team Members" })).toBeVisible();
    const seats = tab.getByTestId("seat-figure");
    await expect(seats).toHaveText(/^\d+ used · (\d+ invited · )?10 seats$/);
    const before = await seats.textContent();
    // The people live in User Management; the tab leads there.
    await expect(
      tab.getByRole("link", { name: "Manage people, roles and invitations in User Management" }),
    ).toHaveAttribute("href", "/users");

    await tab.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toastText(page, "Validation Error")).toBeVisible();
    await expect(toastText(page, "Please provide an email address")).toBeVisible();

    const email = uniqueEmail("teammate");
    await tab.getByLabel("Email address").fill(`  ${email.toUpperCase()} `);
    await expect(tab.getByRole("combobox", { name: "Role" })).toHaveText("Agent");
    await tab.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toastText(page, "Invitation sent")).toBeVisible();
    await expect(tab.getByLabel("Email address")).toHaveValue("");
    // The invitation holds a seat at once.
    await expect(seats).not.toHaveText(before!);
    await page.goto("/users");
    await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toBeVisible();

    const link = new URL(await linkFromMail(email, "/accept-invite"));
    const invitee = await browser.newContext();
    try {
      const other = await invitee.newPage();
      await other.goto(link.pathname + link.search);
      await expect(other.getByText(team.organization.name)).toBeVisible();
      await expect(other.getByLabel("Email")).toHaveValue(email);
      await other.getByLabel("Full name").fill("Tess Teammate");
      await other.getByLabel("Password", { exact: true }).fill("teammate-password");
      await other.getByLabel("Confirm password").fill("teammate-password");
      await other.getByRole("button", { name: "Create account" }).click();
      await expect(other.getByText("Your account has been created. Please login to continue.")).toBeVisible();
      await expect(other).toHaveURL("/login");

      await other.getByLabel("Email").fill(email);
      await other.getByLabel("Password", { exact: true }).fill("teammate-password");
      await other.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(other).toHaveURL("/app");
      await expect(other.getByText("Tess Teammate")).toBeVisible();

      // A non-admin sees the seat count and the contact message, not the team.
      await other.goto("/settings#team");
      const theirTab = other.getByRole("tabpanel", { name: "Team" });
      await expect(
        theirTab.getByText("Contact your administrator to manage team members and agent seats."),
      ).toBeVisible();
      await expect(theirTab.getByRole("button", { name: "Send Invitation" })).toHaveCount(0);
    } finally {
      await invitee.close();
    }

    await page.reload();
    await page.getByLabel("Search users").fill(email);
    await expect(page.getByTestId("user-row").filter({ hasText: email })).toContainText("Tess Teammate");
    await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toHaveCount(0);

    // Give the seat back: the team's seats are shared by every test of this spec.
    const [member] = (await (await page.request.get(`/api/users?q=${encodeURIComponent(email)}`)).json()) as {
      id: string;
    }[];
    expect((await page.request.patch(`/api/users/${member!.id}`, { data: { isActive: false } })).status()).toBe(200);
  });
});

test.describe("user management: pending invitations", () => {
  test("an admin revokes a pending invitation and its link stops working", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    const email = uniqueEmail("withdrawn");
    expect((await page.request.post("/api/team-invites", { data: { email, role: "org_admin" } })).status()).toBe(201);
    const link = new URL(await linkFromMail(email, "/accept-invite"));

    await page.goto("/users");
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await expect(pending.getByText(email)).toBeVisible();
    await pending.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
    // Revoking is confirmed first: cancelling keeps the invitation.
    const confirm = page.getByRole("alertdialog", { name: "Revoke invitation?" });
    await expect(confirm).toContainText(email);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(pending.getByText(email)).toBeVisible();
    await pending.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
    await confirm.getByRole("button", { name: "Revoke invitation" }).click();
    await expect(toastText(page, "Invitation revoked")).toBeVisible();
    await expect(pending.getByText(email)).toHaveCount(0);

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  });
});

test("the Team tab has no accessibility violations", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  await page.goto("/settings#team");
  await expect(
    page.getByRole("tabpanel", { name: "Team" }).getByRole("button", { name: "Send Invitation" }),
  ).toBeVisible();
  const violations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  await expect.poll(violations).toEqual([]);
});
