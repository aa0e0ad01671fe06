import { expect, test } from "@playwright/test";
import { latestMailTo, linkFromMail, toastText, uniqueEmail } from "./helpers";

test.describe("profile", () => {
  test("edit the profile and change the password", async ({ page }) => {
    const email = uniqueEmail("profile");
    await page.request.post("/api/register", {
      data: { fullName: "Pat Profile", email, companyName: "Profile Co", password: "first-password" },
    });
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Pat Profile" })).toBeVisible();
    await expect(page.getByText("Organization Administrator")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Change avatar" })).toBeDisabled();

    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByRole("dialog").getByLabel("Full name").fill("Pat Renamed");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastText(page, "Profile updated")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pat Renamed" })).toBeVisible();

    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Current password").fill("first-password");
    await dialog.getByLabel("New password", { exact: true }).fill("second-password");
    await dialog.getByLabel("Confirm new password").fill("other-password");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(toastText(page, "New password and confirmation do not match.")).toBeVisible();
    await dialog.getByLabel("Confirm new password").fill("second-password");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(toastText(page, "Password changed")).toBeVisible();

    // The browser that changed the password stays signed in.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Pat Renamed" })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("second-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/onboarding");
  });

  test("move the account to a new address through the link mailed there", async ({ page }) => {
    const email = uniqueEmail("mover");
    const next = uniqueEmail("moved");
    await page.request.post("/api/register", {
      data: { fullName: "Mo Mover", email, companyName: "Mover Co", password: "mover-password" },
    });
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(next);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastText(page, "Please enter your current password to change your email address")).toBeVisible();
    await dialog.getByLabel("Current password").fill("mover-password");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastText(page, `Check your new inbox: we sent a link to ${next}.`)).toBeVisible();
    // Nothing moves until the link is followed.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);

    await page.goto(await linkFromMail(next, "/confirm-email"));
    await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm email address" }).click();
    await expect(page.getByRole("status")).toContainText("Email address changed");
    await expect.poll(() => latestMailTo(email, /was changed/) ?? "").toContain(`was changed to ${next}`);

    // This browser stays signed in, now under the new address.
    await page.goto("/profile");
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(next);
  });
});
