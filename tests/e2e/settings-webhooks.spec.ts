import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { standardWebhookValid } from "../support/standard-webhooks";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { createOrgAdmin, setPlanOf } from "./db";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// Settings > Webhooks end to end: an Enterprise admin adds an endpoint pointing at a receiver this
// spec runs, copies its secret (shown once), sends a test event and sees it delivered in the log
// with the receiver's answer, the receiver having checked the signature; resends it, rotates the
// secret, turns the endpoint off and deletes it. Agents get no tab; lower plans the upgrade.
// (The end-to-end server runs with WEBHOOK_ALLOW_PRIVATE_HOSTS=true, so it may post to this machine.)

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let hookUrl: string;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver("thanks, received");
  hookUrl = `${receiver.base}/ticketry`;
});
test.afterAll(() => receiver.close());
test.beforeEach(() => receiver.clear());

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function openWebhooksTab(page: Page) {
  await page.goto("/settings#webhooks");
  const panel = page.getByRole("tabpanel", { name: "Webhooks" });
  await expect(panel.getByRole("heading", { name: "Webhooks" })).toBeVisible();
  return panel;
}

test("an admin adds an endpoint, keeps its secret, sends a test event and sees it delivered; resends, rotates, turns off and deletes", async ({
  page,
  team,
}) => {
  await setPlanOf(team.admin.email, "enterprise");
  await signInAs(page, team.admin.email);
  const panel = await openWebhooksTab(page);
  await expect(panel).toContainText("No endpoints yet.");
  await expect(panel.getByTestId("webhook-count")).toHaveText("0 of 20 endpoints");

  // Nothing chosen: the problems show beside their fields, and nothing is sent.
  await panel.getByRole("button", { name: "New Endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "New webhook endpoint" });
  await dialog.getByRole("button", { name: "Add Endpoint" }).click();
  await expect(dialog.getByText("URL is required")).toBeVisible();
  await expect(dialog.getByText("Choose at least one event")).toBeVisible();
  await dialog.getByRole("textbox", { name: "URL" }).fill(hookUrl);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Status page");
  await dialog.getByRole("checkbox", { name: "ticket.created" }).check();
  await dialog.getByRole("checkbox", { name: "reply.created" }).check();
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Add Endpoint" }).click();
  await expect(dialog).toBeHidden();

  // The secret, shown once.
  const secretBox = panel.getByRole("textbox", { name: "Signing secret" });
  await expect(secretBox).toHaveValue(/^whsec_/);
  const secret = await secretBox.inputValue();
  await expect(panel.getByRole("heading", { name: `Signing secret for ${hookUrl}` })).toBeVisible();
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(secretBox).toHaveCount(0);

  const row = panel.locator(`[data-endpoint="${hookUrl}"]`);
  await expect(row).toContainText("Status page");
  await expect(row.getByRole("list", { name: "Events" })).toHaveText(/ticket\.created\s*reply\.created/);
  await expect(row).toContainText("No deliveries yet");

  // A test event: queued, then delivered, with the receiver's answer in the log.
  await row.getByRole("button", { name: "Deliveries" }).click();
  const log = row.getByRole("region", { name: `Deliveries to ${hookUrl}` });
  await expect(log).toContainText("Nothing sent yet.");
  await log.getByRole("button", { name: "Send Test Event" }).click();
  await expect(toastText(page, "Test event queued")).toBeVisible();
  const first = log.locator("[data-delivery]").first();
  await expect(first).toContainText("Delivered");
  await expect(first).toContainText("webhook.test");
  await expect(first).toContainText(/HTTP 200 in \d+ ms/);
  await expect(first.getByLabel("Response body")).toHaveText("thanks, received");
  await expect(row).toContainText(/Last delivery\s*Delivered\s*HTTP 200/);
  expect(receiver.received).toHaveLength(1);
  expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: "webhook.test" });
  expect(standardWebhookValid(secret, receiver.received[0]!.headers, receiver.received[0]!.body)).toBe(true);
  await expectNoViolations(page);

  // Resent: a second delivery of the same message.
  await first.getByRole("button", { name: /^Resend webhook\.test/ }).click();
  await expect(log.locator("[data-delivery]")).toHaveCount(2);
  await expect(log.locator("[data-delivery]").first()).toContainText("Delivered");
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);

  // A rotated secret is shown once too.
  await row.getByRole("button", { name: `Rotate secret of ${hookUrl}` }).click();
  await page
    .getByRole("alertdialog", { name: "Rotate the signing secret?" })
    .getByRole("button", { name: "Rotate Secret" })
    .click();
  await expect(panel.getByRole("heading", { name: `New signing secret for ${hookUrl}` })).toBeVisible();
  await expect(panel.getByRole("textbox", { name: "Signing secret" })).not.toHaveValue(secret);
  await panel.getByRole("button", { name: "Done" }).click();

  // Turned off: no test event can be sent.
  await row.getByRole("switch", { name: `Send events to ${hookUrl}` }).click();
  await expect(row.getByRole("switch", { name: `Send events to ${hookUrl}` })).not.toBeChecked();
  await expect(log.getByRole("button", { name: "Send Test Event" })).toBeDisabled();

  await row.getByRole("button", { name: `Delete ${hookUrl}` }).click();
  await page
    .getByRole("alertdialog", { name: "Delete endpoint?" })
    .getByRole("button", { name: "Delete Endpoint" })
    .click();
  await expect(panel).toContainText("No endpoints yet.");
});

test("agents see no Webhooks tab; below Enterprise the tab offers the upgrade", async ({ page, browser, team }) => {
  await signInAs(page, team.agent.email);
  await page.goto("/settings#webhooks");
  await expect(page.getByRole("tab", { name: "Macros" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Webhooks" })).toHaveCount(0);
  expect((await page.request.get("/api/webhooks")).status()).toBe(403);

  const context = await browser.newContext();
  const owner = await context.newPage();
  await signInAs(owner, await createOrgAdmin({ plan: "pro" }));
  const panel = await openWebhooksTab(owner);
  await expect(panel).toContainText("Webhooks are part of the Enterprise plan. You are on the Pro plan.");
  await expect(panel.getByRole("button", { name: "Upgrade to Use Webhooks" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "New Endpoint" })).toHaveCount(0);
  expect((await owner.request.get("/api/webhooks")).status()).toBe(403);
  await expectNoViolations(owner);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`the Webhooks tab, its log and its dialog fit every screen size, ${theme}`, async ({ page, team }) => {
    await setPlanOf(team.admin.email, "enterprise");
    await openInTheme(page, theme);
    await signInAs(page, team.admin.email);
    const url = `${hookUrl}/${theme}-with-a-long-path/that-must-wrap`;
    const made = await page.request.post("/api/webhooks", {
      data: { url, events: ["ticket.created", "ticket.updated"], description: "Status page" },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await page.request.post(`/api/webhooks/${id}/test`)).status()).toBe(201);
    const panel = await openWebhooksTab(page);
    const row = panel.locator(`[data-endpoint="${url}"]`);
    await row.getByRole("button", { name: "Deliveries" }).click();
    const delivery = row.locator("[data-delivery]").first();
    await expect(delivery).toContainText("Delivered");
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await expect(delivery.getByLabel("Response body")).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (size.width === 1440) await expectNoViolations(page);
      await panel.getByRole("button", { name: "New Endpoint" }).click();
      const dialog = page.getByRole("dialog", { name: "New webhook endpoint" });
      await expect(dialog.getByRole("checkbox", { name: "ticket.rating_received" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (size.width === 1440) await expectNoViolations(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    }
    expect((await page.request.delete(`/api/webhooks/${id}`)).status()).toBe(204);
  });
}
