import type { Locator, Page } from "@playwright/test";
import { createOrgAdmin } from "./db";
import { codeFromMail, signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

// Every form shows its problems at the field (marked invalid, described by the message, the
// required fields marked), while keeping the product's toasts.

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message));
}

async function expectRequired(page: Page, ...fields: Locator[]) {
  for (const field of fields) await expect(field).toHaveAttribute("aria-required", "true");
}

test.describe("field errors", () => {
  test("new ticket: each missing or wrong field says so, and clears as it is fixed", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app#all-open");
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "New Ticket" });
    const subject = dialog.getByLabel("Subject", { exact: true });
    const description = dialog.getByLabel("Description", { exact: true });
    await expectRequired(page, subject, description);
    await dialog.getByLabel("Customer email").fill("not-an-address");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "Please fill in both subject and description")).toBeVisible();
    await expectFieldError(subject, "Subject is required");
    await expectFieldError(description, "Description is required");
    await expectFieldError(dialog.getByLabel("Customer email"), "Please enter a valid customer email");
    await page.screenshot({ path: "test-results/forms-new-ticket-errors.png" });

    await subject.fill("Printer jam");
    await expect(subject).not.toHaveAttribute("aria-invalid", "true");
    await expect(description).toHaveAttribute("aria-invalid", "true");
  });

  test("login and register", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(toastText(page, "Please enter your email and password")).toBeVisible();
    await expectFieldError(page.getByLabel("Email"), "Email is required");
    await expectFieldError(page.getByLabel("Password", { exact: true }), "Password is required");

    await page.goto("/register");
    await page.getByLabel("Work email").fill("nobody-at-all");
    await page.getByRole("button", { name: /create account|sign up/i }).click();
    await expect(toastText(page, "Please fill in all required fields")).toBeVisible();
    await expectFieldError(page.getByLabel("Full name"), "Full name is required");
    await expectFieldError(page.getByLabel("Company name"), "Company name is required");
    await expectRequired(page, page.getByLabel("Full name"), page.getByLabel("Work email"));
  });

  test("team invitation", async ({ page }) => {
    // Pro: seats to spare, so the invitation form is offered.
    await signInAs(page, await createOrgAdmin({ plan: "pro" }));
    await page.goto("/settings#team");
    const panel = page.getByRole("tabpanel", { name: "Team" });
    await panel.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toastText(page, "Please provide an email address")).toBeVisible();
    await expectFieldError(panel.getByLabel("Email address"), "Email address is required");
    await panel.getByLabel("Email address").fill("teammate@");
    await panel.getByRole("button", { name: "Send Invitation" }).click();
    await expectFieldError(panel.getByLabel("Email address"), "valid email");
  });

  test("portal: the email gate and a new ticket", async ({ page, team }) => {
    await page.goto(`/portal?org=${team.organization.slug}`);
    await page.getByRole("button", { name: "Access Portal" }).click();
    await expect(toastText(page, "Please enter your email address")).toBeVisible();
    await expectFieldError(page.getByLabel("Email"), "Email is required");

    const email = uniqueEmail("portal-forms");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Access Portal" }).click();
    await page.getByLabel("Access code").fill(await codeFromMail(email));
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(toastText(page, "Access granted")).toBeVisible();
    await page.getByRole("button", { name: "New Ticket" }).click();
    await page.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "Please fill in both subject and description")).toBeVisible();
    await expectFieldError(page.getByLabel("Subject"), "Subject is required");
    await expectFieldError(page.getByLabel("Description"), "Description is required");
  });
});

test.describe("a new ticket by an agent", () => {
  test("finds an existing customer, is assigned to the agent by default and shows its category", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.agent.email);
    const tag = `${Date.now()}`;
    const email = `quinn-${tag}@example.test`;
    const earlier = await page.request.post("/api/tickets", {
      data: {
        subject: `Earlier ${tag}`,
        description: "First contact",
        customerEmail: email,
        customerName: `Quinn ${tag}`,
      },
    });
    expect(earlier.status()).toBe(201);

    await page.goto("/app#my-open");
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "New Ticket" });
    await expect(dialog.getByRole("combobox", { name: "Assignee" })).toHaveText("Sam Agent (me)");

    await dialog.getByRole("combobox", { name: "Find a customer" }).fill(`quinn ${tag}`);
    await dialog.getByRole("option", { name: new RegExp(email) }).click();
    await expect(dialog.getByLabel("Customer name")).toHaveValue(`Quinn ${tag}`);
    await expect(dialog.getByLabel("Customer email")).toHaveValue(email);

    await dialog.getByLabel("Subject", { exact: true }).fill(`Second ${tag}`);
    await dialog.getByLabel("Description", { exact: true }).fill("Another question");
    await dialog.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: "Billing" }).click();
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "Ticket created")).toBeVisible();

    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: `Second ${tag}` })).toBeVisible();
    await expect(detail.getByText("Billing", { exact: true })).toBeVisible();
    await expect(detail.getByRole("combobox", { name: "Assignee" })).toHaveText("Sam Agent");
    await expect(
      page.getByRole("complementary", { name: "Customer" }).getByRole("button", { name: /Earlier/ }),
    ).toBeVisible();
  });
});
