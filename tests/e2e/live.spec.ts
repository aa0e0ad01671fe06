import type { Browser, Page } from "@playwright/test";
import { codeFromMail, signInAs, toastText, uniqueEmail } from "./helpers";
import { asPortal } from "./portal-session";
import { expect, test } from "./team";

// The live workspace with two agents side by side (two browser contexts, no reloads): one sees
// the other open and type on a ticket, their reply arrive and the queue counts move; a change
// made on an out-of-date ticket is caught and offered for review instead of overwriting.
// What arrives live must show within the expectations' own timeout: a generous bound for a
// machine busy with other specs, and still well short of the 25 s after which a crashed tab's
// presence runs out.

const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

/** A second signed-in agent in a browser context of its own (same client address as the project). */
async function agentPage(browser: Browser, email: string): Promise<Page> {
  const { baseURL, extraHTTPHeaders } = test.info().project.use;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders });
  const page = await context.newPage();
  await signInAs(page, email);
  return page;
}

async function newTicket(page: Page, subject: string) {
  const res = await page.request.post("/api/tickets", {
    data: { subject, description: "Two agents look at this one.", customerEmail: `live-${tagOf()}@example.test` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; ticketNumber: number; subject: string };
}

/** Tickets a test opened are closed at its end: the team's open queues stay as its other tests expect. */
async function closeTickets(page: Page, ids: string[]) {
  for (const id of ids)
    expect((await page.request.put(`/api/tickets/${id}`, { data: { status: "closed" } })).ok()).toBe(true);
}

const openTicket = async (page: Page, ticketNumber: number, subject: string) => {
  await page.goto(`/app?ticket=${ticketNumber}#all-open`);
  await expect(page.getByRole("article").getByRole("heading", { name: subject })).toBeVisible();
};

test.describe("live workspace", () => {
  test("agent B sees agent A viewing and typing, then A's reply and the new counts, without reloading", async ({
    browser,
    team,
  }) => {
    const a = await agentPage(browser, team.admin.email);
    const b = await agentPage(browser, team.agent2.email);
    const ticket = await newTicket(a, `Live together ${tagOf()}`);
    await openTicket(b, ticket.ticketNumber, ticket.subject);
    await openTicket(a, ticket.ticketNumber, ticket.subject);

    const viewers = b.getByRole("article").locator("[data-ticket-viewers]");
    await expect(viewers).toContainText("Alex Admin is viewing");
    await a.getByRole("article").getByRole("textbox", { name: "Reply" }).fill("Looking into it now");
    await expect(viewers).toContainText("Alex Admin is typing a reply");

    const unassigned = b.getByTestId("count-unassigned").first();
    const before = Number(await unassigned.textContent());
    const counted = await newTicket(a, `Live count ${tagOf()}`);
    await expect(unassigned).toHaveText(String(before + 1));

    await a.getByRole("article").getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(a, "Reply sent")).toBeVisible();
    // The reply comes into B's conversation; a message is not "This ticket was updated" news.
    await expect(b.getByRole("article").getByText("Looking into it now")).toBeInViewport();
    await expect(b.getByRole("article").getByRole("status").filter({ hasText: "New message from" })).toHaveText(
      "New message from Alex Admin",
    );
    await expect(b.getByText("This ticket was updated")).toHaveCount(0);
    await expect(a.getByText("This ticket was updated")).toHaveCount(0);

    // A leaves the ticket: B sees them go at once (a crashed tab would drop out only after 25 s).
    await a.goto("/app#all-open");
    await expect(viewers).toHaveCount(0);
    await closeTickets(a, [ticket.id, counted.id]);
    await a.context().close();
    await b.context().close();
  });

  test("a change made on an out-of-date ticket is caught, shown, and applied only when the agent says so", async ({
    browser,
    team,
  }) => {
    const a = await agentPage(browser, team.admin.email);
    const b = await agentPage(browser, team.agent2.email);
    // B's tab hears nothing (as if its stream were down), so it keeps showing the old ticket.
    await b.route("**/api/events", (route) => route.abort());
    const ticket = await newTicket(a, `Stale edit ${tagOf()}`);
    await openTicket(b, ticket.ticketNumber, ticket.subject);
    const res = await a.request.put(`/api/tickets/${ticket.id}`, { data: { status: "pending" } });
    expect(res.status()).toBe(200);

    const detail = b.getByRole("article");
    const status = detail.getByRole("combobox", { name: "Status" });
    await expect(status).toHaveText("Open");
    // The same field is a conflict: B is told what changed and sees it before choosing.
    await status.click();
    await b.getByRole("option", { name: "Resolved" }).click();
    const dialog = b.getByRole("alertdialog", { name: "This ticket was updated" });
    await expect(dialog).toContainText("Status is now Pending.");
    // Behind the (modal) question the ticket already shows their change.
    await expect(b.locator("#ticket-status")).toHaveText("Pending");
    await dialog.getByRole("button", { name: "Apply my change" }).click();
    await expect(status).toHaveText("Resolved");

    // A different field merges without a question: both agents' changes stay.
    expect((await a.request.put(`/api/tickets/${ticket.id}`, { data: { priority: "low" } })).status()).toBe(200);
    await status.click();
    await b.getByRole("option", { name: "Pending" }).click();
    await expect(status).toHaveText("Pending");
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(async () => {
        const stored = (await (await a.request.get(`/api/tickets/detail/${ticket.id}`)).json()) as Record<
          string,
          string
        >;
        return { status: stored.status, priority: stored.priority };
      })
      .toEqual({ status: "pending", priority: "low" });

    // A reply written while someone else answered keeps its draft and asks first.
    await a.request.post("/api/replies", {
      data: { ticketId: ticket.id, content: "Answered by Alex", type: "public" },
    });
    await detail.getByRole("textbox", { name: "Reply" }).fill("My late answer");
    await detail.getByRole("button", { name: "Send Reply" }).click();
    const held = detail.locator("[data-stale-reply]");
    await expect(held).toContainText("A new reply came in while you were writing");
    await expect(detail.getByText("Answered by Alex")).toBeVisible();
    await expect(detail.getByRole("textbox", { name: "Reply" })).toHaveValue("My late answer");
    await held.getByRole("button", { name: "Send anyway" }).click();
    await expect(toastText(b, "Reply sent")).toBeVisible();
    // In the conversation: until the sent draft is cleared, the reply box holds the same words.
    await expect(detail.getByRole("region", { name: "Conversation" }).getByText("My late answer")).toBeVisible();
    await closeTickets(a, [ticket.id]);
    await a.context().close();
    await b.context().close();
  });

  test("a customer on the portal sees the agent's reply appear", async ({ page, team }) => {
    const email = uniqueEmail("portal-live");
    await page.goto(`/portal?org=${team.organization.slug}`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Access Portal" }).click();
    await page.getByLabel("Access code").fill(await codeFromMail(email));
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.getByRole("button", { name: "New Ticket" }).click();
    const subject = `Portal live ${tagOf()}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Description").fill("Waiting for an answer.");
    await page.getByRole("button", { name: "Create Ticket" }).click();
    await expect(page.getByRole("article").getByRole("heading", { name: subject })).toBeVisible();

    const [own] = (await (
      await page.request.get("/api/portal/tickets", { headers: asPortal(team.organization.slug) })
    ).json()) as { id: string }[];
    const agent = await agentPage(page.context().browser()!, team.agent.email);
    await agent.request.post("/api/replies", { data: { ticketId: own!.id, content: "Secret note", type: "internal" } });
    await agent.request.post("/api/replies", {
      data: { ticketId: own!.id, content: "Here is your answer", type: "public" },
    });
    await expect(page.getByRole("article").getByText("Here is your answer")).toBeVisible();
    await expect(page.getByText("Secret note")).toHaveCount(0);
    await closeTickets(agent, [own!.id]);
    await agent.context().close();
  });
});
