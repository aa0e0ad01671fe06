import type { Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { latestMailTo, searchTickets, signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// Email as a channel, both ways, against the e2e server's own mail receiver (INBOUND_SMTP_PORT,
// set by scripts/test.mjs): a customer's mail becomes a ticket in the agent's queue, the agent's
// answer leaves as a reply in the customer's thread (caught by the test SMTP server), and the
// customer's emailed answer to it lands on the same ticket.

function smtpClient() {
  const port = Number(process.env.INBOUND_SMTP_PORT);
  if (!port) throw new Error("INBOUND_SMTP_PORT is not set: run through scripts/test.mjs");
  return nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
}

/** The ticket the API finds by this subject tag, once ingestion has made it. */
async function ticketTagged(page: Page, tag: string) {
  let found: { id: string; ticketNumber: number; subject: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/tickets?q=${encodeURIComponent(tag)}`);
        found = ((await res.json()) as { id: string; ticketNumber: number; subject: string }[])[0];
        return found?.subject;
      },
      { timeout: 20_000 },
    )
    .toContain(tag);
  return found!;
}

test.describe("the email channel", () => {
  test("a mail becomes a ticket, the agent's reply is mailed in the thread, the customer's answer lands on the ticket", async ({
    page,
    team,
  }) => {
    const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const customer = `mailer-${tag}@example.test`;
    const subject = `Kettle lid is stuck ${tag}`;
    const client = smtpClient();
    const first = await client.sendMail({
      from: { name: "Robin Mailer", address: customer },
      to: team.supportAddress,
      subject,
      text: "Hello,\n\nthe lid of my new kettle will not open.\n\nRobin",
    });
    expect(first.response).toMatch(/^250 /);

    await signInAs(page, team.agent.email);
    const ticket = await ticketTagged(page, tag);
    await page.goto("/app#all-open");
    // The queue named by the address, not the one drawn before the browser reads it.
    await expect(page.getByRole("heading", { name: "All Open", level: 2 })).toBeVisible();
    const list = page.getByRole("region", { name: "Tickets" });
    await searchTickets(list, tag);
    const row = list.getByRole("listitem").filter({ hasText: subject });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Robin Mailer");
    await row.getByRole("button").first().click();
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: subject })).toBeVisible();
    await expect(detail.getByText("the lid of my new kettle will not open.")).toBeVisible();

    await detail.getByRole("textbox", { name: "Reply" }).fill(`Press the button under the handle firmly. (${tag})`);
    await detail.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();

    let caught: string | undefined;
    await expect
      .poll(() => (caught = latestMailTo(customer, /Press the button under the handle/)), { timeout: 20_000 })
      .toBeTruthy();
    const reply = await simpleParser(caught!);
    expect(reply.subject).toBe(`Re: [${team.organization.name} #${ticket.ticketNumber}] ${subject}`);
    expect(reply.messageId).toMatch(/^<ticket\.[a-z2-7]{42}\./);
    const references = ([] as string[]).concat(reply.references ?? []);
    expect(references[0]).toBe(first.messageId);
    expect(reply.inReplyTo).toBe(references.at(-1));
    const replyTo = reply.replyTo?.value[0]?.address ?? "";
    const [mailbox, domain] = team.supportAddress.split("@");
    expect(replyTo).toMatch(new RegExp(`^${mailbox}\\+[a-z2-7]{42}@${domain!.replaceAll(".", "\\.")}$`));
    expect(reply.headers.get("auto-submitted")).toBe("auto-replied");

    // The customer answers from their mail client: to the Reply-To, In-Reply-To our Message-ID, quoting us.
    const answer = await client.sendMail({
      from: { name: "Robin Mailer", address: customer },
      to: replyTo,
      subject: `Re: ${reply.subject}`,
      inReplyTo: reply.messageId!,
      references: [...references, reply.messageId!],
      text: `That worked, thank you! ${tag}\n\nOn Wed, Nov 25, 2026 at 10:00 AM Acme Support <${replyTo}> wrote:\n> Press the button under the handle firmly.\n`,
    });
    expect(answer.response).toMatch(/^250 /);
    client.close();

    // Stored without the quote it carried (the exact text, nothing more).
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/replies/${ticket.id}`);
          return ((await res.json()) as { content: string }[]).map((r) => r.content);
        },
        { timeout: 20_000 },
      )
      .toContain(`That worked, thank you! ${tag}`);
    await page.reload();
    await expect(page.getByRole("heading", { name: "All Open", level: 2 })).toBeVisible();
    await searchTickets(list, tag);
    await list.getByRole("listitem").filter({ hasText: subject }).getByRole("button").first().click();
    await expect(detail.getByText(`That worked, thank you! ${tag}`, { exact: true })).toBeVisible();
    const tickets = await page.request.get(`/api/tickets?q=${encodeURIComponent(tag)}`);
    expect(await tickets.json()).toHaveLength(1);
  });
});
