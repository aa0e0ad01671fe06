import AxeBuilder from "@axe-core/playwright";
import { codeFromMail, latestMailHtmlTo, latestMailTo, mailsTo, signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// The mail a customer reads, as a careful team writes it: an admin sets the organisation's
// signature in Settings; an agent answers with "Send and set Resolved"; the customer receives
// one mail, not two, that names the agent, carries the signature and the rating links, and
// links to the ticket itself in the portal, which opens it.

const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

/** The mails of the ticket's thread after the "received" one: replies and status mails. */
const answersTo = (customer: string) =>
  mailsTo(customer).filter((m) => /replied to your ticket|has been resolved|How did we do\?/.test(m.text));

test("a reply sent with 'Send and set Resolved' is one signed mail naming the agent, linking to the ticket", async ({
  page,
  browser,
  team,
}) => {
  const tag = tagOf();
  const customer = `mail-${tag}@example.test`;
  const subject = `Kettle never arrived ${tag}`;
  const signature = [`The kettle crew ${tag}`, "We answer Monday to Friday"];

  // The admin writes the signature in Settings > Organization.
  await signInAs(page, team.admin.email);
  await page.goto("/settings#organization");
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole("heading", { name: "Email Signature" }) });
  const box = card.getByRole("textbox", { name: "Signature" });
  await box.fill(signature.join("\n"));
  await card.getByRole("button", { name: "Save Signature" }).click();
  await expect(toastText(page, "Signature saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Save Signature" })).toBeDisabled();
  const { violations } = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  // The agent answers a new ticket and resolves it in one action.
  const agent = await (await browser.newContext()).newPage();
  await signInAs(agent, team.agent.email);
  const created = await agent.request.post("/api/tickets", {
    data: { subject, description: "Ordered two weeks ago.", customerEmail: customer, customerName: "Jo Doe" },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string; ticketNumber: number };
  await agent.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  const detail = agent.getByRole("article");
  await expect(detail.getByRole("heading", { name: subject })).toBeVisible();
  await detail.getByRole("textbox", { name: "Reply" }).fill(`It is on its way again ${tag}.`);
  await detail.getByRole("button", { name: "More send options" }).click();
  await agent.getByRole("menuitem", { name: "Send and set Resolved" }).click();
  await expect(toastText(agent, "Reply sent")).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await agent.request.get(`/api/tickets/detail/${ticket.id}`)).json()) as { status: string }).status,
    )
    .toBe("resolved");

  // The reply's own mail says it is resolved and asks for the rating.
  let text = "";
  await expect
    .poll(() => (text = latestMailTo(customer, /It is on its way again/) ?? ""), { timeout: 15_000 })
    .toContain("How did we do?");
  expect(text).toContain(
    `${team.agent.fullName} from ${team.organization.name} replied to your ticket #${ticket.ticketNumber} and marked it resolved:`,
  );
  expect(text).not.toContain(team.agent.email);
  expect(text).not.toMatch(/support support/i);
  for (const line of signature) expect(text).toContain(line);
  const link = text.match(/https?:\/\/\S+\/portal\?\S+/)?.[0];
  expect(link && new URL(link).pathname).toBe("/portal");
  expect(link && Object.fromEntries(new URL(link).searchParams)).toEqual({
    org: team.organization.slug,
    ticket: String(ticket.ticketNumber),
  });
  const html = latestMailHtmlTo(customer, /It is on its way again/) ?? "";
  expect(html).toContain(`<div data-signature><p>${signature.join("<br>")}</p></div>`);

  // The customer opens the mail's link in a browser of their own: the portal asks for a code (a
  // mail queued after anything the reply queued) and then shows that very ticket. By then the
  // thread holds the reply's mail alone: no second "resolved" mail.
  const portal = await (await browser.newContext()).newPage();
  await portal.goto(link!);
  await portal.getByLabel("Email").fill(customer);
  await portal.getByRole("button", { name: "Access Portal" }).click();
  await portal.getByLabel("Access code").fill(await codeFromMail(customer));
  await portal.getByRole("button", { name: "Verify Code" }).click();
  const opened = portal.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
  await expect(opened.getByRole("heading", { name: subject })).toBeVisible();
  expect(answersTo(customer)).toHaveLength(1);
});
