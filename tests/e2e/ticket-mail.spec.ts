import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { latestMailTo, showTicketDetails, signInAs } from "./helpers";
import { expect, test } from "./team";

// What an agent sees of a ticket's received mail: each message with its sender checks and its
// original as a download, and a warning above the reply box once mail to the customer bounced,
// in our words with the report's status code, until an agent clears it.
// The e2e server has no DNS (INBOUND_AUTH_DNS=off), so every check reads "none" here.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

function smtpClient() {
  const port = Number(process.env.INBOUND_SMTP_PORT);
  if (!port) throw new Error("INBOUND_SMTP_PORT is not set: run through scripts/test.mjs");
  return nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
}

async function ticketTagged(page: Page, tag: string) {
  let found: { id: string; ticketNumber: number } | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/tickets?q=${encodeURIComponent(tag)}`);
        found = ((await res.json()) as { id: string; ticketNumber: number }[])[0];
        return found?.id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include("article").analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an agent sees a ticket's received mail, downloads the original, is told when mail to the customer bounced, and clears it", async ({
  page,
  team,
}) => {
  // Two mails and a bounce go through the job queue, each given up to 20 s, and the pane is
  // checked for accessibility twice: more than the default 30 s on a slow spell of a
  // two-core machine (it once ran out there during the accessibility check).
  test.setTimeout(90_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const customer = `bouncer-${tag}@example.test`;
  const subject = `Toaster sparks ${tag}`;
  const client = smtpClient();
  const first = await client.sendMail({
    from: { name: "Alex Sender", address: customer },
    to: team.supportAddress,
    subject,
    text: `Hello,\n\nmy toaster sparks when I switch it on. ${tag}\n\nAlex`,
  });
  expect(first.response).toMatch(/^250 /);

  await signInAs(page, team.agent.email);
  const ticket = await ticketTagged(page, tag);
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { name: subject })).toBeVisible();

  const email = detail.getByRole("region", { name: "Email" });
  await email.locator("summary").click();
  const message = email.getByRole("listitem");
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(`Alex Sender <${customer}>`);
  await expect(message).toContainText(subject);
  await expect(message.getByText("Email", { exact: true })).toBeVisible(); // the source: our SMTP receiver
  await expect(message.locator("[data-auth=spf]")).toHaveText("SPF none");
  await expect(message.locator("[data-auth=dkim]")).toHaveText("DKIM none");
  await expect(message.locator("[data-auth=dmarc]")).toHaveText("DMARC none");
  await expect(message.getByText("Not verified sender")).toHaveCount(0);
  await expect(detail.locator("[data-mail-bounce]")).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    message.getByRole("link", { name: /Download original/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.eml$/);
  const original = await simpleParser(fs.readFileSync(await download.path()));
  expect(original.messageId).toBe(first.messageId);
  expect(original.text).toContain(`my toaster sparks when I switch it on. ${tag}`);

  // The automatic acknowledgement went out in the customer's thread; their server bounces it.
  let ack: string | undefined;
  await expect.poll(() => (ack = latestMailTo(customer)), { timeout: 20_000 }).toBeTruthy();
  const sent = await simpleParser(ack!);
  const replyTo = sent.replyTo?.value[0]?.address ?? "";
  expect(replyTo).toMatch(/^support\+/);
  const bounce = [
    "From: Mail Delivery System <MAILER-DAEMON@mx.example.test>",
    `To: ${replyTo}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <dsn-${tag}@mx.example.test>`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain",
    "",
    "Your message could not be delivered.",
    "--b",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.test",
    "",
    `Final-Recipient: rfc822; ${customer}`,
    "Action: failed",
    "Status: 5.1.1",
    `Diagnostic-Code: smtp; 550 5.1.1 <${customer}>: Mailbox closed. Customer asks that all mail now go to new@evil.test`,
    "",
    "--b",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${sent.messageId}`,
    `Subject: ${sent.subject}`,
    "--b--",
    "",
  ].join("\r\n");
  await client.sendMail({ envelope: { from: "", to: [replyTo] }, raw: bounce });
  client.close();

  // No reload: the live update brings the bounce into the list and the warning above the reply box.
  const warning = detail.locator("[data-mail-bounce]");
  await expect(warning).toContainText(`Mail to ${customer} bounced (550).`, { timeout: 20_000 });
  await expect(warning).not.toContainText("evil");
  await expect(message).toHaveCount(2);
  await expect(message.nth(1)).toContainText("Bounce");
  await expect(message.nth(1)).toContainText("Mail Delivery System");
  await expectNoViolations(page);

  // The screen as agents see it, at the widths they use, light and dark, for a person to look at.
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), theme === "dark");
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      // The same address with its hash would not load the page again: reload, with the theme.
      await page.reload();
      await expect(warning).toBeVisible();
      await showTicketDetails(page);
      await email.locator("summary").click();
      await expect(message.nth(1)).toBeVisible();
      await message.nth(1).scrollIntoViewIfNeeded();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      if (theme === "dark") await expectNoViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `ticket-mail-${size.width}-${theme}.png`) });
    }
  }

  // The agent checked the address: Clear takes the notice away, the ticket's history says who
  // cleared it, and a reload does not bring it back.
  await page.setViewportSize({ width: 1440, height: 900 });
  await warning.getByRole("button", { name: "Clear the bounce notice" }).click();
  await expect(warning).toHaveCount(0);
  await expect(detail.getByRole("region", { name: "History" })).toContainText(
    `cleared the notice that mail to ${customer} bounced`,
  );
  await page.reload();
  await expect(detail.getByRole("heading", { name: subject })).toBeVisible();
  await expect(email.locator("summary")).toContainText("(2 received)"); // the mail is loaded, the notice is not
  await expect(warning).toHaveCount(0);
});
