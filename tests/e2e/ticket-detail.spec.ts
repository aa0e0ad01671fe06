import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { addMessages, addPriorityChanges } from "./db";
import {
  expectNoSidewaysScroll,
  openInTheme,
  SCREEN_SIZES,
  searchTickets,
  showTicketDetails,
  signInAs,
  toastText,
} from "./helpers";
import { expect, test, type Team } from "./team";

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

// The ticket detail for a day of queue work: drafts that survive switching tickets, replying
// and moving the ticket on in one action, and the customer's history beside the conversation.

type Created = { id: string; ticketNumber: number; subject: string };

const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

async function newTicket(page: Page, subject: string, customerEmail: string, customerName = "Pat Doe") {
  const res = await page.request.post("/api/tickets", {
    data: { subject, description: "The export button does nothing.", customerEmail, customerName },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

/** The All Open queue narrowed to this test's tickets (other tests add tickets meanwhile). */
async function openQueue(page: Page, tag: string) {
  // A fresh load each time: going to the same address with a hash would keep the page as it is.
  await page.goto("/app#all-open");
  await page.reload();
  // The queue named by the address, not the one drawn before the browser reads it.
  await expect(page.getByRole("heading", { name: "All Open", level: 2 })).toBeVisible();
  const list = page.getByRole("region", { name: "Tickets" });
  await searchTickets(list, tag);
  return list;
}

const open = async (list: ReturnType<Page["getByRole"]>, subject: string) =>
  list.getByRole("listitem").filter({ hasText: subject }).getByRole("button").first().click();

/** An agent opens a new ticket changed 120 times since its creation; its History section. */
async function openLongHistory(page: Page, team: Team) {
  await signInAs(page, team.agent.email);
  const tag = tagOf();
  const t = await newTicket(page, `Long history ${tag}`, `history-${tag}@example.test`);
  // With its creation, 121 changes: the pane holds the newest 100.
  await addPriorityChanges(t.id, 120);
  await open(await openQueue(page, tag), t.subject);
  await showTicketDetails(page);
  return page.getByRole("article").getByRole("region", { name: "History" });
}

async function openLongConversation(page: Page, team: Team) {
  await signInAs(page, team.agent.email);
  const tag = tagOf();
  const t = await newTicket(page, `Long conversation ${tag}`, `conversation-${tag}@example.test`);
  // 60 messages after the opening one: the pane holds the newest 50.
  await addMessages(t.id, 60);
  await open(await openQueue(page, tag), t.subject);
  return page.getByRole("article").getByRole("region", { name: "Conversation" });
}

test.describe("ticket detail", () => {
  test("keeps a draft per ticket and kind, says so, restores it and clears it once sent", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    const tag = tagOf();
    const a = await newTicket(page, `Draft A ${tag}`, `draft-${tag}@example.test`);
    const b = await newTicket(page, `Draft B ${tag}`, `draft-${tag}@example.test`);
    const list = await openQueue(page, tag);
    const detail = page.getByRole("article");
    const reply = detail.getByRole("textbox", { name: "Reply" });

    await open(list, a.subject);
    await expect(detail.getByRole("heading", { name: a.subject })).toBeVisible();
    await expect(detail.getByRole("status").filter({ hasText: "Draft saved" })).toHaveCount(0);
    await reply.fill("Half-written answer about the export");
    await expect(detail.getByText("Draft saved")).toBeVisible();

    // The internal note has a draft of its own.
    await detail.getByRole("tab", { name: "Internal note" }).click();
    const note = detail.getByRole("textbox", { name: "Internal note" });
    await expect(note).toHaveValue("");
    await note.fill("Check the export worker logs");
    await detail.getByRole("tab", { name: "Reply" }).click();
    await expect(reply).toHaveValue("Half-written answer about the export");

    await open(list, b.subject);
    await expect(detail.getByRole("heading", { name: b.subject })).toBeVisible();
    await expect(reply).toHaveValue("");
    await open(list, a.subject);
    await expect(reply).toHaveValue("Half-written answer about the export");

    // A reload keeps it too.
    const again = await openQueue(page, tag);
    await open(again, a.subject);
    await expect(reply).toHaveValue("Half-written answer about the export");
    await expect(detail.getByText("Draft saved")).toBeVisible();

    await detail.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(reply).toHaveValue("");
    await expect(detail.getByText("Draft saved")).toHaveCount(0);
    await detail.getByRole("tab", { name: "Internal note" }).click();
    await expect(note).toHaveValue("Check the export worker logs");

    const last = await openQueue(page, tag);
    await open(last, a.subject);
    await expect(reply).toHaveValue("");
  });

  test("sends and sets Pending in one action, then opens the next ticket when asked to", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    const tag = tagOf();
    const older = await newTicket(page, `Queue older ${tag}`, `queue-${tag}@example.test`);
    const newer = await newTicket(page, `Queue newer ${tag}`, `queue-${tag}@example.test`);
    const list = await openQueue(page, tag);
    const detail = page.getByRole("article");
    await open(list, newer.subject);
    await expect(detail.getByRole("heading", { name: newer.subject })).toBeVisible();

    await detail.getByRole("textbox", { name: "Reply" }).fill("Could you send us a screenshot?");
    await detail.getByRole("button", { name: "More send options" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Then open the next ticket" }).click();
    await detail.getByRole("button", { name: "More send options" }).click();
    await page.getByRole("menuitem", { name: "Send and set Pending" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(detail.getByRole("heading", { name: older.subject })).toBeVisible();

    const sent = await (await page.request.get(`/api/tickets/detail/${newer.id}`)).json();
    expect(sent.status).toBe("pending");
    const history = (await (await page.request.get(`/api/tickets/${newer.id}/history`)).json()) as {
      action: string;
      metadata: unknown;
    }[];
    expect(history.map((e) => e.action)).toEqual(["ticket.created", "ticket.replied", "ticket.status_changed"]);

    // The choice is remembered for this agent.
    await page.reload();
    const again = await openQueue(page, tag);
    await open(again, older.subject);
    await detail.getByRole("textbox", { name: "Reply" }).fill("Fixed in today's release.");
    // The Send button says what it will do: the last send action, then the next ticket.
    await expect(detail.getByRole("button", { name: "Send and set Pending, then open the next ticket" })).toBeVisible();
    await detail.getByRole("button", { name: "More send options" }).click();
    await expect(page.getByRole("menuitemcheckbox", { name: "Then open the next ticket" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await page.keyboard.press("Escape");

    // Without it, "Send and set Resolved" stays on the ticket.
    await detail.getByRole("button", { name: "More send options" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Then open the next ticket" }).click();
    await detail.getByRole("button", { name: "More send options" }).click();
    await page.getByRole("menuitem", { name: "Send and set Resolved" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(detail.getByRole("heading", { name: older.subject })).toBeVisible();
    await expect(detail.getByRole("combobox", { name: "Status" })).toHaveText("Resolved");
  });

  test("asks to reopen a closed ticket before replying to it", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    const tag = tagOf();
    const t = await newTicket(page, `Closed one ${tag}`, `closed-${tag}@example.test`);
    expect((await page.request.put(`/api/tickets/${t.id}`, { data: { status: "closed" } })).ok()).toBe(true);
    await page.goto("/app#closed");
    const list = page.getByRole("region", { name: "Tickets" });
    await searchTickets(list, tag);
    await open(list, t.subject);
    const detail = page.getByRole("article");
    await detail.getByRole("textbox", { name: "Reply" }).fill("One more thing about this.");
    await detail.getByRole("button", { name: "Send Reply" }).click();

    const ask = page.getByRole("alertdialog", { name: `Reopen ticket #${t.ticketNumber}?` });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Cancel" }).click();
    expect((await (await page.request.get(`/api/replies/${t.id}`)).json()).length).toBe(0);

    await detail.getByRole("button", { name: "Send Reply" }).click();
    await ask.getByRole("button", { name: "Reopen and send" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(detail.getByRole("combobox", { name: "Status" })).toHaveText("Open");
    expect((await (await page.request.get(`/api/tickets/detail/${t.id}`)).json()).status).toBe("open");
  });

  test("shows the customer beside the conversation: counts, first contact and other tickets", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.agent.email);
    const tag = tagOf();
    const email = `history-${tag}@example.test`;
    const first = await newTicket(page, `Invoice missing ${tag}`, email, "Robin Vale");
    await page.request.put(`/api/tickets/${first.id}`, { data: { status: "resolved" } });
    const current = await newTicket(page, `Cannot export ${tag}`, email, "Robin Vale");
    const list = await openQueue(page, tag);
    await open(list, current.subject);

    const panel = page.getByRole("complementary", { name: "Customer" });
    await expect(panel.getByRole("heading", { name: "Robin Vale" })).toBeVisible();
    await expect(panel.getByText(email)).toBeVisible();
    await expect(panel.getByRole("definition").first()).toHaveText("2");
    await expect(panel.getByText(/First contact/)).toBeVisible();
    const other = panel.getByRole("button", { name: new RegExp(`Invoice missing ${tag}`) });
    await expect(other).toContainText("Resolved");
    await other.click();
    await expect(page.getByRole("article").getByRole("heading", { name: first.subject })).toBeVisible();
  });

  test("opens a ticket with one request for the whole pane", async ({ page, team }) => {
    // Without the live stream: a change elsewhere in the team (an earlier test's jobs finishing)
    // would rightly fetch the lists and the parts that show other tickets again while this one opens.
    await page.route("**/api/events", (route) => route.abort());
    await signInAs(page, team.agent.email);
    const tag = tagOf();
    const t = await newTicket(page, `One request ${tag}`, `pane-${tag}@example.test`, "Sam Pane");
    await page.request.post("/api/replies", {
      data: { ticketId: t.id, content: `Looking into it ${tag}`, type: "public" },
    });
    const list = await openQueue(page, tag);
    const asked: string[] = [];
    page.on("request", (req) => {
      const path = new URL(req.url()).pathname;
      if (req.method() === "GET" && path.includes(t.id)) asked.push(path);
    });
    await open(list, t.subject);
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: t.subject })).toBeVisible();
    await expect(detail.getByText(`Looking into it ${tag}`)).toBeVisible();
    await expect(
      page.getByRole("complementary", { name: "Customer" }).getByRole("heading", { name: "Sam Pane" }),
    ).toBeVisible();
    await expect(detail.getByRole("region", { name: "History" })).toBeVisible();
    // Ticket, conversation, history, mail, customer and viewers all came with the pane (the
    // viewers may be asked again later: this agent's own presence beat announces itself).
    expect(asked.filter((path) => !path.endsWith("/presence"))).toEqual([`/api/tickets/${t.id}/pane`]);
  });

  test("shows a long history's newest changes and loads the earlier ones on asking", async ({ page, team }) => {
    const history = await openLongHistory(page, team);
    const entries = history.getByRole("listitem");
    await expect(entries).toHaveCount(100);
    await expect(entries.last()).toHaveText(/Sam Agent changed the priority from High to Medium$/);
    await expect(history.getByText(/created the ticket$/)).toHaveCount(0);

    await history.getByRole("button", { name: "Show earlier changes" }).click();
    await expect(entries).toHaveCount(121);
    // The earlier changes come above, oldest first, and there are none before the creation.
    await expect(entries.first()).toHaveText(/Sam Agent created the ticket$/);
    await expect(entries.nth(1)).toHaveText(/changed the priority from Medium to High$/);
    await expect(history.getByRole("button", { name: "Show earlier changes" })).toHaveCount(0);
  });

  test("a long conversation shows its newest 50 messages, the earlier ones above on asking, and a new one below", async ({
    page,
    team,
  }) => {
    const conversation = await openLongConversation(page, team);
    const messages = conversation.locator("[data-reply-type]");
    const earlier = conversation.getByRole("button", { name: "Show earlier messages" });
    await expect(messages).toHaveCount(50);
    await expect(messages.first().getByText("Message 11", { exact: true })).toBeVisible();
    // It opens on the newest message, scrolled within the pane.
    await expect(messages.last().getByText("Message 60", { exact: true })).toBeInViewport();
    await expect(earlier).not.toBeInViewport();
    // The ticket's own first message stays at the top, above the button.
    await expect(conversation.getByText("The export button does nothing.")).toBeVisible();

    await earlier.click();
    await expect(messages).toHaveCount(60);
    await expect(messages.first().getByText("Message 1", { exact: true })).toBeVisible();
    await expect(earlier).toHaveCount(0);

    // A reply sent now comes last and every earlier message stays.
    await page.getByRole("textbox", { name: "Reply" }).fill("Found it in the worker logs.");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await expect(messages).toHaveCount(61);
    await expect(messages.last()).toContainText("Found it in the worker logs.");
    await expect(messages.first().getByText("Message 1", { exact: true })).toBeVisible();
  });
});

test("a conversation whose newest message is already in view opens at its top", async ({ page, team }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, team.agent.email);
  const tag = tagOf();
  const t = await newTicket(page, `Short conversation ${tag}`, `short-${tag}@example.test`);
  await addMessages(t.id, 1);
  await open(await openQueue(page, tag), t.subject);
  const conversation = page.getByRole("article").getByRole("region", { name: "Conversation" });
  await expect(conversation.getByText("Message 1", { exact: true })).toBeInViewport();
  await expect(conversation.getByText("The export button does nothing.")).toBeInViewport();
  expect(await page.locator("[data-ticket-scroll]").evaluate((box) => box.scrollTop)).toBe(0);
});

// The sections that load their earlier part on asking, each with its button above, and what is
// in view as the ticket opens.
const LONG_SECTIONS = [
  {
    what: "conversation",
    button: "Show earlier messages",
    open: openLongConversation,
    opensOn: (section: Locator) => section.getByText("Message 60", { exact: true }),
  },
  {
    what: "history",
    button: "Show earlier changes",
    open: openLongHistory,
    // A ticket opens at its top while its newest message is in view: the history is far below.
    opensOn: (section: Locator) =>
      section
        .page()
        .getByRole("article")
        .getByRole("heading", { name: /^Long history/ }),
  },
];

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    for (const { what, button, open, opensOn } of LONG_SECTIONS) {
      test(`a long ${what} at ${size.width} px, ${theme}: "${button}" fits the pane`, async ({ page, team }) => {
        await openInTheme(page, theme);
        await page.setViewportSize(size);
        const section = await open(page, team);
        await expect(opensOn(section)).toBeInViewport();
        await page.screenshot({ path: path.join(SHOTS, `${what}-opened-${size.width}-${theme}.png`) });
        const more = section.getByRole("button", { name: button });
        await more.scrollIntoViewIfNeeded();
        await expect(more).toBeInViewport();
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: path.join(SHOTS, `${what}-earlier-${size.width}-${theme}.png`) });
      });
    }
  }
}
