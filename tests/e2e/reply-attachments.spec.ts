import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { ticketUrl } from "@/lib/tickets/ticket-url";
import { expectNoSidewaysScroll, mailsTo, SCREEN_SIZES, signInAs, toastText, uniqueEmail } from "./helpers";
import { plantPortalSession } from "./portal-session";
import { expect, test } from "./team";

// Files from people: an agent attaches a picture and a document to a reply and copies in a
// colleague of the customer, who gets the reply by mail; the customer attaches a file in the
// portal. Each is seen in the conversation and downloaded. The reply box with its files and CC,
// and the portal's, are saved as screenshots (SHOTS_DIR, else test-results/screens) at three
// widths, light and dark.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

// A 2 x 2 red PNG: a real picture, so the server's sniffing keeps it an image.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

type Created = { id: string; ticketNumber: number; subject: string };

const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

async function newTicket(page: Page, subject: string, customerEmail: string) {
  const res = await page.request.post("/api/tickets", {
    data: { subject, description: "The invoice total looks wrong.", customerEmail },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

/** Downloads a file by its link and answers its name and text. */
async function download(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

async function shoot(page: Page, name: string, show: () => Promise<void>) {
  for (const theme of ["light", "dark"] as const) {
    // Switched in place (as the theme button does): a reload would lose the files waiting to be sent.
    await page.evaluate((dark) => {
      localStorage.setItem("theme", dark ? "dark" : "light");
      document.documentElement.classList.toggle("dark", dark);
    }, theme === "dark");
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await show();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}-${theme}.png`) });
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    document.documentElement.classList.remove("dark");
  });
}

test("an agent attaches files and copies someone in; the reply carries them and the CC gets it", async ({
  page,
  team,
}) => {
  const tag = tagOf();
  const customerEmail = uniqueEmail("files");
  const colleague = uniqueEmail("colleague");
  await signInAs(page, team.agent.email);
  const ticket = await newTicket(page, `Invoice mismatch ${tag}`, customerEmail);
  await page.setViewportSize(SCREEN_SIZES[0]!);
  await page.goto(ticketUrl(ticket.ticketNumber));
  const detail = page.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
  await expect(detail.getByRole("heading", { name: ticket.subject })).toBeVisible();

  const reply = detail.getByRole("textbox", { name: "Reply" });
  await reply.fill(`Here is the corrected invoice ${tag}`);
  await detail.getByLabel("Attach files", { exact: true }).setInputFiles([
    { name: "corrected invoice.txt", mimeType: "text/plain", buffer: Buffer.from(`Invoice ${tag}: 42.00\n`) },
    { name: "receipt.png", mimeType: "image/png", buffer: PNG },
    { name: "empty.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) },
  ]);
  const pending = detail.getByRole("list", { name: "Files to send" });
  await expect(pending.locator('[data-file-state="done"]')).toHaveCount(2);
  // A refused file says why in the server's words, and can be taken off.
  await expect(pending.locator('[data-file-state="failed"]')).toContainText("The file is empty");
  await expect(pending.locator("li").filter({ hasText: "receipt.png" }).locator("img")).toBeVisible();

  // A wrong address is said, not sent; a right one becomes a chip.
  const cc = detail.getByLabel("Cc", { exact: true });
  await cc.fill("not an address");
  await cc.press("Enter");
  await expect(detail.locator("#reply-cc-error")).toContainText("valid email address");
  await cc.fill(colleague);
  await cc.press("Enter");
  await expect(detail.locator(`[data-cc-added="${colleague}"]`)).toBeVisible();

  await shoot(page, "reply-box-files-cc", async () => {
    await reply.focus();
    await expect(pending).toBeVisible();
    await pending.scrollIntoViewIfNeeded();
  });

  await pending.getByRole("button", { name: "Remove empty.txt" }).click();
  await expect(pending.locator("li")).toHaveCount(2);
  await detail.getByRole("button", { name: "Send Reply" }).click();
  await expect(toastText(page, "Reply sent")).toBeVisible();
  await expect(detail.getByRole("list", { name: "Files to send" })).toHaveCount(0);

  // The reply shows its files (the picture as a thumbnail) and the ticket now copies the colleague in.
  const conversation = detail.getByRole("region", { name: "Conversation" });
  const sent = conversation.locator("[data-reply-type=public]").filter({ hasText: `corrected invoice ${tag}` });
  const files = sent.getByRole("list", { name: "Attachments" });
  await expect(files.getByRole("link")).toHaveCount(2);
  await expect(files.locator("img[data-thumbnail]")).toHaveCount(1);
  const got = await download(page, files.getByRole("link", { name: /corrected invoice\.txt/ }));
  expect(got.name).toBe("corrected invoice.txt");
  expect(got.bytes.toString()).toBe(`Invoice ${tag}: 42.00\n`);

  // The colleague got the reply by mail, with the customer.
  await expect.poll(() => mailsTo(colleague).some((m) => m.text.includes(`corrected invoice ${tag}`))).toBe(true);
  expect(mailsTo(colleague).find((m) => m.text.includes(`corrected invoice ${tag}`))!.to).toContain(customerEmail);

  // The ticket's CCs show on the next reply and can be taken off.
  await reply.focus();
  const current = detail.locator(`[data-cc-current="${colleague}"]`);
  await expect(current).toBeVisible();
  await current.getByRole("button", { name: `Stop copying ${colleague} in` }).click();
  await expect(toastText(page, `${colleague} no longer gets this ticket's replies`)).toBeVisible();
  await expect(current).toHaveCount(0);

  // An internal note takes a file too.
  await detail.getByRole("tab", { name: /Internal note/ }).click();
  await detail.getByRole("textbox", { name: "Internal note" }).fill(`Checked with billing ${tag}`);
  await detail
    .getByLabel("Attach files", { exact: true })
    .setInputFiles({ name: "ledger.txt", mimeType: "text/plain", buffer: Buffer.from("ledger") });
  await expect(
    detail.getByRole("list", { name: "Files for the note" }).locator('[data-file-state="done"]'),
  ).toHaveCount(1);
  await expect(detail.getByLabel("Cc", { exact: true })).toHaveCount(0);
  await detail.getByRole("button", { name: "Add Note" }).click();
  await expect(toastText(page, "Note added")).toBeVisible();
  const note = conversation.locator("[data-reply-type=internal]").filter({ hasText: `Checked with billing ${tag}` });
  await expect(note.getByRole("link", { name: /ledger\.txt/ })).toBeVisible();
});

test("a customer attaches a file to a reply in the portal and downloads it again", async ({ page, team }) => {
  const tag = tagOf();
  const email = uniqueEmail("portal-upload");
  const slug = team.organization.slug;
  const agent = await page.context().browser()!.newContext();
  const agentPage = await agent.newPage();
  await signInAs(agentPage, team.agent.email);
  const ticket = await newTicket(agentPage, `Blender arrived broken ${tag}`, email);
  await agent.close();

  await plantPortalSession(page.context(), test.info().project.use.baseURL!, slug, email);
  await page.setViewportSize(SCREEN_SIZES[0]!);
  await page.goto(`/portal?org=${slug}`);
  await page.getByRole("button", { name: new RegExp(ticket.subject) }).click();
  const article = page.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
  await article.getByLabel("Your reply").fill(`A photo of the box ${tag}`);
  await article.getByLabel("Attach files", { exact: true }).setInputFiles([
    { name: "box.png", mimeType: "image/png", buffer: PNG },
    { name: "order.txt", mimeType: "text/plain", buffer: Buffer.from(`Order ${tag}\n`) },
  ]);
  const pending = article.getByRole("list", { name: "Files to send" });
  await expect(pending.locator('[data-file-state="done"]')).toHaveCount(2);

  await shoot(page, "portal-reply-files", async () => {
    await expect(pending).toBeVisible();
    await pending.scrollIntoViewIfNeeded();
  });

  await article.getByRole("button", { name: "Send Reply" }).click();
  await expect(toastText(page, "Reply sent")).toBeVisible();
  const mine = article.locator("[data-author=customer]").filter({ hasText: `A photo of the box ${tag}` });
  const files = mine.getByRole("list", { name: "Attachments" });
  await expect(files.getByRole("link")).toHaveCount(2);
  const got = await download(page, files.getByRole("link", { name: /order\.txt/ }));
  expect(got).toEqual({ name: "order.txt", bytes: Buffer.from(`Order ${tag}\n`) });

  // The agent sees the customer's files on their message.
  await signInAs(page, team.agent.email);
  await page.goto(ticketUrl(ticket.ticketNumber));
  const detail = page.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
  const theirs = detail.locator("[data-reply-type=public]").filter({ hasText: `A photo of the box ${tag}` });
  await expect(theirs.getByRole("link", { name: /box\.png/ })).toBeVisible();
  await expect(theirs.locator("img[data-thumbnail]")).toBeVisible();
});

test("a customer attaches files to a new ticket in the portal; they come with its first message", async ({
  page,
  team,
}) => {
  const tag = tagOf();
  const email = uniqueEmail("portal-new");
  const slug = team.organization.slug;
  await plantPortalSession(page.context(), test.info().project.use.baseURL!, slug, email);
  await page.setViewportSize(SCREEN_SIZES[0]!);
  await page.goto(`/portal?org=${slug}`);
  await page.getByRole("button", { name: "New Ticket" }).click();
  await page.getByLabel("Subject").fill(`Scratched table ${tag}`);
  await page.getByLabel("Description").fill("It arrived with a deep scratch.");
  await page.getByLabel("Attach files", { exact: true }).setInputFiles([
    { name: "scratch.png", mimeType: "image/png", buffer: PNG },
    { name: "delivery note.txt", mimeType: "text/plain", buffer: Buffer.from(`Delivery ${tag}\n`) },
  ]);
  const chosen = page.getByRole("list", { name: "Files to send" });
  await expect(chosen.locator("li")).toHaveCount(2);
  await expect(chosen.locator("img")).toHaveCount(1);

  await shoot(page, "portal-new-ticket-files", async () => {
    await chosen.scrollIntoViewIfNeeded();
  });

  await page.getByRole("button", { name: "Create Ticket" }).click();
  await expect(toastText(page, "Ticket created")).toBeVisible();
  const article = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `Scratched table ${tag}` }) });
  const files = article.getByRole("list", { name: "Attachments" });
  await expect(files.getByRole("link")).toHaveCount(2);
  const got = await download(page, files.getByRole("link", { name: /delivery note\.txt/ }));
  expect(got).toEqual({ name: "delivery note.txt", bytes: Buffer.from(`Delivery ${tag}\n`) });
});
