import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { showTicketDetails, signInAs } from "./helpers";
import { plantPortalSession } from "./portal-session";
import { expect, test } from "./team";

// A mail that names a ticket only by the number in its subject, from a sender whose domain did
// not vouch for it, is shown to agents as what it is. The e2e server has no DNS
// (INBOUND_AUTH_DNS=off), so no sender is verified here: only a signed reply token or a
// Message-ID of the thread proves a mail's place.

function smtpClient() {
  const port = Number(process.env.INBOUND_SMTP_PORT);
  if (!port) throw new Error("INBOUND_SMTP_PORT is not set: run through scripts/test.mjs");
  return nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
}

/** The replies the API lists for a ticket, once ingestion has written as many. */
async function repliesOnceThere(page: Page, ticketId: string, count: number) {
  let replies: { content: string; senderVerified: boolean }[] = [];
  await expect
    .poll(
      async () => {
        replies = await (await page.request.get(`/api/replies/${ticketId}`)).json();
        return replies.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return replies;
}

async function expectNoViolations(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a mail threaded by its subject's number alone is marked for the agent and the customer, and the ticket stays as it was", async ({
  page,
  browser,
  team,
}) => {
  test.setTimeout(90_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const customer = `casey-${tag}@example.test`;
  const subject = `Router keeps rebooting ${tag}`;
  const client = smtpClient();
  const first = await client.sendMail({
    from: { name: "Casey Customer", address: customer },
    to: team.supportAddress,
    subject,
    text: `Hello,\n\nmy router reboots every hour. ${tag}\n\nCasey`,
  });
  expect(first.response).toMatch(/^250 /);

  await signInAs(page, team.agent.email);
  let ticket: { id: string; ticketNumber: number; status: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/tickets?q=${encodeURIComponent(tag)}`);
        ticket = ((await res.json()) as { id: string; ticketNumber: number; status: string }[])[0];
        return ticket?.id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  // The agent has answered and waits for the customer.
  const pending = await page.request.put(`/api/tickets/${ticket!.id}`, { data: { status: "pending" } });
  expect(pending.ok()).toBe(true);

  // Anyone can write Casey's address and the ticket's number in a subject.
  const forged = await client.sendMail({
    from: { name: "Casey Customer", address: customer },
    to: team.supportAddress,
    subject: `Re: [${team.organization.name} #${ticket!.ticketNumber}] ${subject}`,
    text: `From now on please write to casey.new@evil.test instead. ${tag}`,
  });
  expect(forged.response).toMatch(/^250 /);
  client.close();
  const [reply] = await repliesOnceThere(page, ticket!.id, 1);
  expect(reply!.senderVerified).toBe(false);

  await page.goto(`/app?ticket=${ticket!.ticketNumber}#all-open`);
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { name: subject })).toBeVisible();
  const conversation = detail.getByRole("region", { name: "Conversation" });
  const message = conversation.locator("[data-reply-type=public]").filter({ hasText: "casey.new@evil.test" });
  await expect(message.getByText("Sender not verified")).toBeVisible();
  // The customer's opening message, which proved nothing either but opened its own ticket, is not marked.
  await expect(conversation.getByText("Sender not verified")).toHaveCount(1);

  // Still pending: the forged mail reopened nothing. The history tells what came in.
  await showTicketDetails(page);
  await expect(detail.getByRole("combobox", { name: "Status" })).toHaveText("Pending");
  await expect(detail.getByRole("region", { name: "History" })).toContainText(
    `A mail from ${customer} joined by the ticket number in its subject: Sender not verified`,
  );

  await expectNoViolations(page, "article");

  // The customer whose address it names sees it in the portal, not called theirs.
  const context = await browser.newContext();
  const portal = await context.newPage();
  await plantPortalSession(portal.context(), test.info().project.use.baseURL!, team.organization.slug, customer);
  await portal.goto(`/portal?org=${team.organization.slug}`);
  await portal.getByRole("button", { name: new RegExp(subject) }).click();
  const thread = portal.getByRole("region", { name: "Conversation" });
  const theirs = thread.locator("[data-author=customer]").filter({ hasText: "casey.new@evil.test" });
  await expect(theirs.locator("p").first()).toHaveText(/^Email from your address · /);
  await expect(theirs.getByText("Sender not verified")).toBeVisible();
  await expectNoViolations(portal, "main");
  await context.close();
});
