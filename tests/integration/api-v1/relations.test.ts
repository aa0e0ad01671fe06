import { POST as uploadRoute } from "@/app/api/v1/tickets/[id]/attachments/route";
import { GET as linksRoute, POST as linkRoute } from "@/app/api/v1/tickets/[id]/links/route";
import { POST as mergeRoute } from "@/app/api/v1/tickets/[id]/merge/route";
import { POST as replyRoute } from "@/app/api/v1/tickets/[id]/replies/route";
import { POST as splitRoute } from "@/app/api/v1/tickets/[id]/split/route";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { multipartBody } from "../kb/kb-fixtures";
import { send, writeRefusals, WRITE_REFUSED } from "./write-calls";

// Merge, split, links and uploads through the public API (issue 62): the workspace's calls, made
// as the team by a token with tickets:write (links read with tickets:read); another organisation's
// ticket is a 404; a file uploaded by the token goes out with its next reply naming it.

let org: { id: string };
let other: { id: string };
let writer: Awaited<ReturnType<typeof apiTokenOf>>;
let reader: Awaited<ReturnType<typeof apiTokenOf>>;

async function ticketOf(organizationId: string, customerEmail = "dana@example.test") {
  const counter = await db.ticket.count({ where: { organizationId } });
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: 2000 + counter,
      subject: `Charged twice ${counter}`,
      description: "d",
      customerName: "Dana",
      customerEmail,
    },
  });
}

async function upload(id: string, filename: string, bytes: Buffer, headers: Record<string, string> = writer.headers) {
  const { body, contentType } = multipartBody(filename, bytes, { type: "text/plain" });
  const res = await uploadRoute(
    makeRequest(`/api/v1/tickets/${id}/attachments`, {
      method: "POST",
      rawBody: body,
      headers: { ...headers, "content-type": contentType, "x-forwarded-for": "10.6.1.3" },
    }),
    params({ id }),
  );
  return { status: res.status, body: (await res.json()) as { id: string; filename: string; error?: string } };
}

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  other = await createOrg("enterprise");
  writer = await apiTokenOf(org.id, ["tickets:write", "tickets:read"], "CRM sync");
  reader = await apiTokenOf(org.id, ["tickets:read"], "Status page");
});

describe("POST /api/v1/tickets/{id}/merge", () => {
  it("merges a duplicate into the ticket: 200 with the survivor and the merged, the duplicate closed", async () => {
    const survivor = await ticketOf(org.id);
    const dupe = await ticketOf(org.id);
    const { status, body } = await send(mergeRoute, `/api/v1/tickets/${survivor.id}/merge`, {
      body: { ticketIds: [dupe.id] },
      headers: writer.headers,
      values: { id: survivor.id },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ticketId: survivor.id, merged: [expect.objectContaining({ id: dupe.id })] });
    expect(await db.ticket.findUnique({ where: { id: dupe.id } })).toMatchObject({
      status: "closed",
      mergedIntoId: survivor.id,
    });
  });

  it("refuses an empty list (400), another organisation's ticket (404) and tokens that may not write", async () => {
    const survivor = await ticketOf(org.id);
    const foreign = await ticketOf(other.id);
    const call = (body: unknown, id = survivor.id, headers: Record<string, string> = writer.headers) =>
      send(mergeRoute, `/api/v1/tickets/${id}/merge`, { body, headers, values: { id } });
    const empty = await call({ ticketIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Choose at least one ticket to merge");
    expect((await call({ ticketIds: [foreign.id] })).status).toBe(404);
    expect((await call({ ticketIds: [survivor.id] }, foreign.id)).status).toBe(404);
    expect(
      await writeRefusals(org.id, "tickets:write", (headers) => call({ ticketIds: ["x"] }, survivor.id, headers)),
    ).toEqual(WRITE_REFUSED);
  });
});

describe("POST /api/v1/tickets/{id}/split", () => {
  it("makes a customer's message a new ticket: 201 with it, the message gone from the old one", async () => {
    const ticket = await ticketOf(org.id);
    const message = await db.reply.create({
      data: {
        organizationId: org.id,
        ticketId: ticket.id,
        content: "Also, can I change my address?",
        type: "public",
        authorType: "customer",
        authorEmail: ticket.customerEmail,
      },
    });
    const { status, body } = await send<{ id: string; subject: string; description: string; customerEmail: string }>(
      splitRoute,
      `/api/v1/tickets/${ticket.id}/split`,
      { body: { replyId: message.id }, headers: writer.headers, values: { id: ticket.id } },
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      subject: `${ticket.subject} (split)`,
      description: "Also, can I change my address?",
      customerEmail: ticket.customerEmail,
    });
    expect(await db.reply.findUnique({ where: { id: message.id } })).toBeNull();
  });

  it("refuses an agent's reply (400), an unknown message (404) and another organisation's ticket (404)", async () => {
    const ticket = await ticketOf(org.id);
    const note = await db.reply.create({
      data: {
        organizationId: org.id,
        ticketId: ticket.id,
        content: "Checked",
        type: "internal",
        authorType: "agent",
        authorEmail: "agent@example.test",
      },
    });
    const call = (body: unknown, id = ticket.id) =>
      send(splitRoute, `/api/v1/tickets/${id}/split`, { body, headers: writer.headers, values: { id } });
    const refused = await call({ replyId: note.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Only a customer's message can be split into a new ticket");
    expect((await call({ replyId: "nope" })).status).toBe(404);
    expect((await call({ replyId: note.id }, (await ticketOf(other.id)).id)).status).toBe(404);
  });
});

describe("/api/v1/tickets/{id}/links", () => {
  it("links two tickets (201), read on both sides with tickets:read; a read-only token cannot link", async () => {
    const a = await ticketOf(org.id);
    const b = await ticketOf(org.id);
    const linked = await send(linkRoute, `/api/v1/tickets/${a.id}/links`, {
      body: { ticketId: b.id },
      headers: writer.headers,
      values: { id: a.id },
    });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({
      mergedInto: null,
      merged: [],
      related: [expect.objectContaining({ id: b.id })],
    });
    const read = await send(linksRoute, `/api/v1/tickets/${b.id}/links`, {
      method: "GET",
      headers: reader.headers,
      values: { id: b.id },
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ related: [expect.objectContaining({ id: a.id })] });
    const refused = await send(linkRoute, `/api/v1/tickets/${a.id}/links`, {
      body: { ticketId: b.id },
      headers: reader.headers,
      values: { id: a.id },
    });
    expect(refused.status).toBe(403);
    const foreign = await ticketOf(other.id);
    const notOurs = await send(linkRoute, `/api/v1/tickets/${a.id}/links`, {
      body: { ticketId: foreign.id },
      headers: writer.headers,
      values: { id: a.id },
    });
    expect(notOurs.status).toBe(404);
  });
});

describe("POST /api/v1/tickets/{id}/attachments", () => {
  it("stores a file (201 { id }) that the token's next reply sends, answered with its files", async () => {
    const ticket = await ticketOf(org.id);
    const uploaded = await upload(ticket.id, "refund.txt", Buffer.from("Refund 42.00"));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ id: expect.any(String), filename: "refund.txt" });
    const { status, body } = await send<{ id: string; attachments: { id: string; filename: string }[] }>(
      replyRoute,
      `/api/v1/tickets/${ticket.id}/replies`,
      {
        body: { content: "Refund attached.", attachmentIds: [uploaded.body.id], cc: ["accounts@example.test"] },
        headers: writer.headers,
        values: { id: ticket.id },
      },
    );
    expect(status).toBe(201);
    expect(body.attachments).toEqual([expect.objectContaining({ id: uploaded.body.id, filename: "refund.txt" })]);
    expect(await db.attachment.findUnique({ where: { id: uploaded.body.id } })).toMatchObject({
      replyId: body.id,
      sent: true,
    });
    expect((await db.ticket.findUnique({ where: { id: ticket.id } }))!.cc).toEqual(["accounts@example.test"]);
  });

  it("refuses an empty file (400), another organisation's ticket (404) and a read-only token (403)", async () => {
    const ticket = await ticketOf(org.id);
    const empty = await upload(ticket.id, "empty.txt", Buffer.alloc(0));
    expect(empty).toEqual({ status: 400, body: expect.objectContaining({ error: "The file is empty" }) });
    expect((await upload((await ticketOf(other.id)).id, "a.txt", Buffer.from("a"))).status).toBe(404);
    expect((await upload(ticket.id, "a.txt", Buffer.from("a"), reader.headers)).status).toBe(403);
  });

  it("does not let another token's reply send the file (400)", async () => {
    const ticket = await ticketOf(org.id);
    const uploaded = await upload(ticket.id, "mine.txt", Buffer.from("mine"));
    const otherWriter = await apiTokenOf(org.id, ["tickets:write"], "Other tool");
    const { status, body } = await send(replyRoute, `/api/v1/tickets/${ticket.id}/replies`, {
      body: { content: "Sending theirs", attachmentIds: [uploaded.body.id] },
      headers: otherWriter.headers,
      values: { id: ticket.id },
    });
    expect(status).toBe(400);
    expect(body.error).toBe("attachmentIds must name your own files uploaded to this ticket and not sent yet");
  });
});
