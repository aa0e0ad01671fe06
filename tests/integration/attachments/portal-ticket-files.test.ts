import { POST as uploadRoute } from "@/app/api/tickets/[id]/attachments/route";
import { POST as filesRoute } from "@/app/api/portal/tickets/[id]/files/route";
import { GET as portalTicket } from "@/app/api/portal/tickets/[id]/route";
import { addFirstMessageFiles } from "@/lib/services/portal/ticket-files";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { portalAuth } from "../helpers/portal-auth";
import { multipartBody } from "../kb/kb-fixtures";
import { portalToken, ticketFor } from "./attachments-helpers";

// The portal's new-ticket form sends its files after the ticket: uploaded to it, then named in
// POST /api/portal/tickets/{id}/files, they join the ticket's first message. Only the customer's
// own unsent uploads on their own ticket, and only just after creating it.

type Headers = Record<string, string>;
let org: { id: string; slug: string };
let customerEmail: string;
let portal: Headers;
let otherPortal: Headers;
let agent: Headers;

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("pro");
  customerEmail = "dana@example.test";
  portal = portalAuth(org.slug, await portalToken(org.id, customerEmail));
  otherPortal = portalAuth(org.slug, await portalToken(org.id, "lee@example.test"));
  agent = { cookie: await sessionCookie(await createUser(org.id, "agent")) };
});

async function upload(headers: Headers, ticketId: string, filename: string) {
  const { body, contentType } = multipartBody(filename, Buffer.from(`bytes of ${filename}`), { type: "text/plain" });
  const res = await uploadRoute(
    makeRequest(`/api/tickets/${ticketId}/attachments`, {
      method: "POST",
      rawBody: body,
      headers: { ...headers, "content-type": contentType },
    }),
    params({ id: ticketId }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function addFiles(headers: Headers, ticketId: string, body: unknown) {
  const res = await filesRoute(
    makeRequest(`/api/portal/tickets/${ticketId}/files`, { method: "POST", body, headers }),
    params({ id: ticketId }),
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

it("adds the customer's uploads to the new ticket's first message, shown with it", async () => {
  const ticket = await ticketFor(org.id, customerEmail);
  const a = await upload(portal, ticket.id, "photo.txt");
  const b = await upload(portal, ticket.id, "receipt.txt");
  const { status, body } = await addFiles(portal, ticket.id, { attachmentIds: [a, b] });
  expect(status).toBe(200);
  expect(body.map((f: { filename: string }) => f.filename)).toEqual(["photo.txt", "receipt.txt"]);
  const shown = await portalTicket(
    makeRequest(`/api/portal/tickets/${ticket.id}`, { headers: portal }),
    params({ id: ticket.id }),
  );
  const json = (await shown.json()) as { attachments: { id: string }[] };
  expect(json.attachments.map((f) => f.id).sort()).toEqual([a, b].sort());
  // Sent once: naming them again is refused.
  expect((await addFiles(portal, ticket.id, { attachmentIds: [a] })).status).toBe(400);
});

it("refuses an agent's upload, another customer's ticket, an empty list and unknown ids", async () => {
  const ticket = await ticketFor(org.id, customerEmail);
  const agents = await upload(agent, ticket.id, "agent.txt");
  const refused = await addFiles(portal, ticket.id, { attachmentIds: [agents] });
  expect(refused).toEqual({
    status: 400,
    body: expect.objectContaining({
      error: "attachmentIds must name your own files uploaded to this ticket and not sent yet",
    }),
  });
  const mine = await upload(portal, ticket.id, "mine.txt");
  expect((await addFiles(otherPortal, ticket.id, { attachmentIds: [mine] })).status).toBe(404);
  expect((await addFiles(portal, ticket.id, { attachmentIds: [] })).body.error).toBe("Choose at least one file");
  expect((await addFiles(portal, ticket.id, { attachmentIds: "x" })).status).toBe(400);
  expect((await addFiles(portal, ticket.id, { attachmentIds: ["nope"] })).status).toBe(400);
  expect((await addFiles({}, ticket.id, { attachmentIds: [mine] })).status).toBe(401);
  expect(await db.attachment.findUnique({ where: { id: mine } })).toMatchObject({ sent: false });
});

it("refuses once the ticket is older than a quarter of an hour: files then go with a reply", async () => {
  const ticket = await ticketFor(org.id, customerEmail);
  const mine = await upload(portal, ticket.id, "late.txt");
  const later = new Date(ticket.createdAt.getTime() + 16 * 60_000);
  await expect(
    addFirstMessageFiles(
      { sessionId: "portal-session", organizationId: org.id, email: customerEmail, expiresAt: later },
      ticket.id,
      [mine],
      later,
    ),
  ).rejects.toMatchObject({ code: "conflict" });
  expect(await db.attachment.findUnique({ where: { id: mine } })).toMatchObject({ sent: false });
});
