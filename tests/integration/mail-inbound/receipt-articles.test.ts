import { randomUUID } from "node:crypto";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startSmtp } from "../helpers/smtp";
import { startReceiver, threadOf, useFixedDns } from "../helpers/inbound";
import { createArticle } from "../help-center/fixtures";

// The "ticket received" mail of a mail ticket offers the help center's articles matching the
// ticket's subject, when the organisation asked for it and its help center is on. Real parts: our
// SMTP receiver takes the customer's mail, the queue ingests it, a real SMTP server captures ours.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let other: Awaited<ReturnType<typeof createOrg>>;
const LEAD = "While you wait, these articles may already answer your question:";

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  useFixedDns();
  process.env.APP_URL = "https://help.ticketry.test";
  smtp = await startSmtp();
  receiver = await startReceiver();
  org = await createOrg("pro");
  other = await createOrg("pro");
  const verifiedAt = new Date();
  await db.supportEmail.createMany({
    data: [
      { organizationId: org.id, email: "help@receipt.test", displayName: "Receipt Help", verifiedAt },
      { organizationId: other.id, email: "help@other-receipt.test", displayName: "Other Help", verifiedAt },
    ],
  });
  await db.organization.update({ where: { id: org.id }, data: { receiptSuggestsArticles: true } });
  await createArticle(org.id, { slug: "reset-password", title: "Reset your password", summary: "A new one." });
  await createArticle(org.id, { slug: "password-rules", title: "Password rules & <tips>" });
  await createArticle(org.id, { slug: "password-tips", title: "Strong password tips" });
  await createArticle(org.id, { slug: "password-history", title: "Password history" });
  await createArticle(org.id, { slug: "password-draft", title: "Password draft", status: "draft" });
  await createArticle(org.id, { slug: "password-internal", title: "Password internal", status: "internal" });
  await createArticle(other.id, { slug: "other-password", title: "Other password" });
});
afterAll(async () => {
  await receiver.close();
  await smtp.stop();
});

/** A customer's new mail to `to`, ingested; the "ticket received" mail our side sent back. */
async function receiptFor(to: string, subject: string) {
  const from = `customer-${randomUUID().slice(0, 8)}@customer.test`;
  const raw = Buffer.from(
    [
      `From: Casey Customer <${from}>`,
      `To: ${to}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomUUID()}@customer.test>`,
      "Content-Type: text/plain; charset=UTF-8",
      "",
      "I cannot get into my account any more.",
      "",
    ].join("\r\n"),
  );
  await receiver.send(raw, { from, to: [to] });
  await drainJobs();
  const mails = smtp.messages.filter((m) => m.to.includes(from));
  expect(mails).toHaveLength(1);
  return threadOf(mails[0]!.raw);
}

const articleUrl = (slug: string, orgSlug = org.slug) => `https://help.ticketry.test/help/${orgSlug}/articles/${slug}`;

describe("the ticket received mail of a mail ticket", () => {
  it("offers up to three published articles matching the subject, in the text and the HTML", async () => {
    const mail = await receiptFor("help@receipt.test", "Password");
    expect(mail.text).toContain(LEAD);
    const offered = [...mail.text.matchAll(/^- (.+)\n\s+(https:\S+)$/gm)].map((m) => [m[1], m[2]]);
    expect(offered).toHaveLength(3);
    for (const [, url] of offered)
      expect(url).toMatch(new RegExp(`^https://help\\.ticketry\\.test/help/${org.slug}/articles/`));
    const slugs = offered.map(([, url]) => url!.split("/").at(-1));
    for (const hidden of ["password-draft", "password-internal", "other-password"]) expect(slugs).not.toContain(hidden);
    // The HTML part names the same articles, titles escaped.
    for (const [title, url] of offered)
      expect(mail.html).toContain(
        `<a href="${url}">${title!.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</a>`,
      );
    expect(mail.html).not.toContain("<tips>");
  });

  it("offers the best match first", async () => {
    const mail = await receiptFor("help@receipt.test", "How do I reset my password?");
    expect(mail.text).toContain(`${LEAD}\n- Reset your password\n  ${articleUrl("reset-password")}`);
    expect(mail.html).toContain(`<a href="${articleUrl("reset-password")}">Reset your password</a>`);
  });

  it("says nothing of articles when none matches the subject", async () => {
    const mail = await receiptFor("help@receipt.test", "Invoice for October");
    expect(mail.text).toContain("We've received your request");
    expect(mail.text).not.toContain(LEAD);
    expect(mail.html).not.toContain("data-suggested-articles");
  });

  it("says nothing of articles when the organisation did not ask for them", async () => {
    const mail = await receiptFor("help@other-receipt.test", "Password");
    expect(mail.text).toContain("We've received your request");
    expect(mail.text).not.toContain(LEAD);
    expect(mail.html).not.toContain("/articles/");
  });

  it("says nothing of articles while the help center is off", async () => {
    await db.organization.update({ where: { id: org.id }, data: { helpCenterEnabled: false } });
    try {
      const mail = await receiptFor("help@receipt.test", "Reset password");
      expect(mail.text).toContain("We've received your request");
      expect(mail.text).not.toContain(LEAD);
      expect(mail.html).not.toContain("/articles/");
    } finally {
      await db.organization.update({ where: { id: org.id }, data: { helpCenterEnabled: true } });
    }
  });

  it("follows the setting: turned off, the same subject's receipt offers nothing", async () => {
    await db.organization.update({ where: { id: org.id }, data: { receiptSuggestsArticles: false } });
    try {
      const mail = await receiptFor("help@receipt.test", "Reset password");
      expect(mail.text).not.toContain(LEAD);
    } finally {
      await db.organization.update({ where: { id: org.id }, data: { receiptSuggestsArticles: true } });
    }
    expect((await receiptFor("help@receipt.test", "Reset password")).text).toContain(LEAD);
  });
});
