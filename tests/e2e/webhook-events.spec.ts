import { standardWebhookValid } from "../support/standard-webhooks";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { setPlanOf } from "./db";
import { signInAs } from "./helpers";
import { expect, test } from "./team";

// The events beyond a new ticket, from the production server's own job queue to a receiver this
// spec runs: an agent's change of a ticket is one ticket.updated and, as it gives the ticket an
// assignee, a ticket.assigned; a note is a reply.created marked internal; each signed, in the order
// they happened, and listed in Settings > Webhooks' delivery log.
// (The end-to-end server runs with WEBHOOK_ALLOW_PRIVATE_HOSTS=true, so it may post to this machine.)

type Event = { type: string; data: { id: string; ticketId?: string; [field: string]: unknown } };

let secret = "";
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let hookUrl: string;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
  hookUrl = `${receiver.base}/events`;
});
test.afterAll(() => receiver.close());

/** What the endpoint received, in order, each signature checked against the endpoint's secret. */
const receivedEvents = () =>
  receiver.received.map((r) => ({
    event: JSON.parse(r.body) as Event,
    valid: standardWebhookValid(secret, r.headers, r.body),
  }));

test("an agent's change and note reach the endpoint as ticket.updated, ticket.assigned and reply.created, in order, and the log lists them", async ({
  page,
  team,
}) => {
  await setPlanOf(team.admin.email, "enterprise");
  await signInAs(page, team.admin.email);
  const endpoint = await page.request.post("/api/webhooks", {
    data: { url: hookUrl, events: ["ticket.updated", "ticket.assigned", "reply.created"] },
  });
  expect(endpoint.status()).toBe(201);
  secret = ((await endpoint.json()) as { secret: string }).secret;

  const people = (await (await page.request.get("/api/users/assignable")).json()) as { id: string; fullName: string }[];
  const agentId = people.find((p) => p.fullName === team.agent.fullName)!.id;
  const created = await page.request.post("/api/tickets", {
    data: {
      subject: "Webhook events",
      description: "Tell the CRM",
      customerName: "Casey Jones",
      customerEmail: "casey@example.test",
    },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string };
  const changed = await page.request.put(`/api/tickets/${ticket.id}`, {
    data: { priority: "high", assignedTo: agentId },
  });
  expect(changed.status()).toBe(200);
  const note = await page.request.post("/api/replies", {
    data: { ticketId: ticket.id, content: "Customer is on the **gold** plan", type: "internal" },
  });
  expect(note.status()).toBe(201);
  const noteId = ((await note.json()) as { id: string }).id;

  // The subscription left ticket.created out: nothing for the new ticket itself.
  await expect.poll(() => receiver.received.length).toBe(3);
  const received = receivedEvents();
  expect(received.map((r) => [r.event.type, r.event.data.id])).toEqual([
    ["ticket.updated", ticket.id],
    ["ticket.assigned", ticket.id],
    ["reply.created", noteId],
  ]);
  expect(received.every((r) => r.valid)).toBe(true);
  expect(received[1]!.event.data).toMatchObject({
    priority: "high",
    assignedTo: agentId,
    assigneeName: team.agent.fullName,
  });
  expect(received[2]!.event.data).toMatchObject({
    ticketId: ticket.id,
    type: "internal",
    authorName: team.admin.fullName,
  });

  await page.goto("/settings#webhooks");
  const row = page.getByRole("tabpanel", { name: "Webhooks" }).locator(`[data-endpoint="${hookUrl}"]`);
  await row.getByRole("button", { name: "Deliveries" }).click();
  const log = row.getByRole("region", { name: `Deliveries to ${hookUrl}` }).locator("[data-delivery]");
  await expect(log).toHaveCount(3);
  for (const [i, type] of ["reply.created", "ticket.assigned", "ticket.updated"].entries()) {
    await expect(log.nth(i)).toContainText(type);
    await expect(log.nth(i)).toContainText("Delivered");
  }
});
