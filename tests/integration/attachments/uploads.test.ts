import { POST as uploadRoute } from "@/app/api/tickets/[id]/attachments/route";
import { POST as replyRoute } from "@/app/api/replies/route";
import { GET as download } from "@/app/api/attachments/[id]/route";
import { GET as ticketDetail } from "@/app/api/tickets/detail/[id]/route";
import { purgeDeletedAttachments } from "@/lib/services/tickets/attachments";
import { removeUnclaimedUploads } from "@/lib/services/tickets/uploads";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";
import { portalAuth } from "../helpers/portal-auth";
import { startSmtp } from "../helpers/smtp";
import { multipartBody, PNG_BYTES } from "../kb/kb-fixtures";
import { portalToken, ticketFor } from "./attachments-helpers";

// Files from the reply box and the portal: uploaded unsent (POST /api/tickets/{id}/attachments),
// then sent with a reply that names them (attachmentIds), which mails them to the customer.

type Headers = Record<string, string>;
let org: { id: string; slug: string };
let ticketId: string;
let otherTicketId: string;
let customerEmail: string;
let callers: Record<string, Headers>;
let ids: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  org = await createOrg("pro");
  const other = await createOrg("pro");
  const users = {
    agent: await createUser(org.id, "agent"),
    colleague: await createUser(org.id, "agent"),
    customer: await createUser(org.id, "end_user"),
    otherCustomer: await createUser(org.id, "end_user"),
    otherAdmin: await createUser(other.id, "org_admin"),
  };
  ids = { agent: users.agent.id, customer: users.customer.id };
  customerEmail = users.customer.email;
  ticketId = (await ticketFor(org.id, customerEmail)).id;
  otherTicketId = (await ticketFor(org.id, users.otherCustomer.email)).id;
  const cookie = async (u: { id: string; sessionVersion: number }) => ({ cookie: await sessionCookie(u) });
  callers = {
    anonymous: {},
    agent: await cookie(users.agent),
    colleague: await cookie(users.colleague),
    customer: await cookie(users.customer),
    otherCustomer: await cookie(users.otherCustomer),
    otherTenantAdmin: await cookie(users.otherAdmin),
    portal: portalAuth(org.slug, await portalToken(org.id, customerEmail)),
    portalOtherEmail: portalAuth(org.slug, await portalToken(org.id, users.otherCustomer.email)),
  };
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

async function upload(who: string, filename: string, bytes: Buffer, id = ticketId, field = "file") {
  const { body, contentType } = multipartBody(filename, bytes, { field });
  const res = await uploadRoute(
    makeRequest(`/api/tickets/${id}/attachments`, {
      method: "POST",
      rawBody: body,
      headers: { ...callers[who]!, "content-type": contentType },
    }),
    params({ id }),
  );
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

async function reply(who: string, body: Record<string, unknown>) {
  const res = await replyRoute(
    makeRequest("/api/replies", { method: "POST", body: { ticketId, ...body }, headers: callers[who]! }),
    params(),
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

const fetchFile = (who: string, id: string) =>
  download(makeRequest(`/api/attachments/${id}`, { headers: callers[who]! }), params({ id }));

describe("POST /api/tickets/{id}/attachments", () => {
  it("stores an agent's file unsent, with its sniffed type; 201 with its summary", async () => {
    const res = await upload("agent", "screen.png", PNG_BYTES);
    expect(res).toEqual({
      status: 201,
      body: { id: expect.any(String), filename: "screen.png", contentType: "image/png", size: PNG_BYTES.length },
    });
    const row = await db.attachment.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ ticketId, replyId: null, sent: false, uploadedById: ids.agent });
    const stored = await db.storageObject.findUniqueOrThrow({ where: { key: row.storageKey } });
    expect(Buffer.from(stored.data)).toEqual(PNG_BYTES);
    // Not part of the first message, and no customer opens it before a reply sends it.
    const detail = await ticketDetail(
      makeRequest(`/api/tickets/detail/${ticketId}`, { headers: callers.agent! }),
      params({ id: ticketId }),
    );
    expect(((await detail.json()) as { attachments: unknown[] }).attachments).toEqual([]);
    expect((await fetchFile("agent", res.body.id)).status).toBe(200);
    expect((await fetchFile("customer", res.body.id)).status).toBe(404);
    expect((await fetchFile("portal", res.body.id)).status).toBe(404);
  });

  it("takes the type from the bytes: a text file named .png is text", async () => {
    const res = await upload("agent", "photo.png", Buffer.from("not a picture at all"));
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe("text/plain");
  });

  it("cleans hostile file names", async () => {
    const res = await upload("agent", "../../etc/\u202egnp.exe\u0007", Buffer.from("x"));
    expect(res.status).toBe(201);
    expect(res.body.filename).toBe("gnp.exe");
    const dots = await upload("agent", "..\\..\\.htaccess", Buffer.from("x"));
    expect(dots.body.filename).toBe("htaccess");
  });

  it("refuses an empty file and a missing field (400), an oversized one (413), and stores nothing", async () => {
    const before = await db.attachment.count();
    expect(await upload("agent", "empty.txt", Buffer.alloc(0))).toEqual({
      status: 400,
      body: expect.objectContaining({ error: "The file is empty" }),
    });
    expect((await upload("agent", "a.txt", Buffer.from("x"), ticketId, "other")).status).toBe(400);
    const limit = process.env.ATTACHMENTS_MAX_MESSAGE_MB;
    process.env.ATTACHMENTS_MAX_MESSAGE_MB = "0.01";
    try {
      const res = await upload("agent", "big.bin", Buffer.alloc(20 * 1024, 1));
      expect(res.status).toBe(413);
      expect(res.body.error).toMatch(/at most/);
    } finally {
      if (limit === undefined) delete process.env.ATTACHMENTS_MAX_MESSAGE_MB;
      else process.env.ATTACHMENTS_MAX_MESSAGE_MB = limit;
    }
    expect(await db.attachment.count()).toBe(before);
  });

  it("answers each caller as its role allows: another tenant and another customer get a 404", async () => {
    const expected: Record<string, number> = {
      anonymous: 401,
      agent: 201,
      customer: 201,
      portal: 201,
      otherCustomer: 404,
      otherTenantAdmin: 404,
      portalOtherEmail: 404,
    };
    const got: Record<string, number> = {};
    for (const who of Object.keys(expected)) got[who] = (await upload(who, "a.txt", Buffer.from("hi"))).status;
    expect(got).toEqual(expected);
    expect((await upload("agent", "a.txt", Buffer.from("hi"), "no-such-ticket")).status).toBe(404);
  });

  it("records a customer's upload without an account for the portal, with theirs for an end user", async () => {
    const portal = await upload("portal", "p.txt", Buffer.from("portal"));
    const account = await upload("customer", "c.txt", Buffer.from("account"));
    expect(await db.attachment.findUniqueOrThrow({ where: { id: portal.body.id } })).toMatchObject({
      uploadedById: null,
      sent: false,
    });
    expect(await db.attachment.findUniqueOrThrow({ where: { id: account.body.id } })).toMatchObject({
      uploadedById: ids.customer,
      sent: false,
    });
  });
});

describe("replies with attachmentIds", () => {
  it("sends an agent's own uploads with a public reply: attached, downloadable by the customer, mailed", async () => {
    const pdf = await upload("agent", "invoice.pdf", Buffer.from("%PDF-1.4 corrected invoice"));
    const png = await upload("agent", "screen.png", PNG_BYTES);
    smtp.clear();
    const res = await reply("agent", { content: "Here you are", attachmentIds: [pdf.body.id, png.body.id] });
    expect(res.status).toBe(201);
    const rows = await db.attachment.findMany({ where: { id: { in: [pdf.body.id, png.body.id] } } });
    expect(rows.map((r) => [r.replyId, r.sent])).toEqual([
      [res.body.id, true],
      [res.body.id, true],
    ]);
    expect((await fetchFile("customer", pdf.body.id)).status).toBe(200);
    expect((await fetchFile("portal", png.body.id)).status).toBe(200);
    const mail = await smtp.mailTo(customerEmail);
    expect(mail.raw).toMatch(/filename="?invoice\.pdf"?/);
    expect(mail.raw).toMatch(/filename="?screen\.png"?/);
    expect(mail.raw).toContain(PNG_BYTES.toString("base64").slice(0, 40));
  });

  it("refuses another's upload, one already sent, another ticket's, an unknown id (400) and writes nothing", async () => {
    const colleagues = await upload("colleague", "theirs.txt", Buffer.from("theirs"));
    const customers = await upload("portal", "customer.txt", Buffer.from("customer's"));
    const elsewhere = await upload("agent", "elsewhere.txt", Buffer.from("x"), otherTicketId);
    const mine = await upload("agent", "mine.txt", Buffer.from("mine"));
    expect((await reply("agent", { content: "first", attachmentIds: [mine.body.id] })).status).toBe(201);
    const replies = await db.reply.count();
    for (const id of [colleagues.body.id, customers.body.id, elsewhere.body.id, mine.body.id, "unknown"]) {
      const res = await reply("agent", { content: "again", attachmentIds: [id] });
      expect(res).toEqual({
        status: 400,
        body: expect.objectContaining({ error: expect.stringMatching(/own files/) }),
      });
    }
    // One bad id refuses the whole reply, the good file stays unsent.
    const fresh = await upload("agent", "fresh.txt", Buffer.from("fresh"));
    expect((await reply("agent", { content: "x", attachmentIds: [fresh.body.id, colleagues.body.id] })).status).toBe(
      400,
    );
    expect(await db.reply.count()).toBe(replies);
    expect((await db.attachment.findUniqueOrThrow({ where: { id: fresh.body.id } })).sent).toBe(false);
    expect((await reply("agent", { content: "x", attachmentIds: Array(11).fill(fresh.body.id) })).status).toBe(400);
  });

  it("keeps a note's files from the customer: attached to the note, never mailed nor downloadable by them", async () => {
    const secret = await upload("agent", "internal.txt", Buffer.from("internal only"));
    await drainJobs();
    smtp.clear();
    const res = await reply("agent", { content: "for the team", type: "internal", attachmentIds: [secret.body.id] });
    expect(res.status).toBe(201);
    expect(await db.attachment.findUniqueOrThrow({ where: { id: secret.body.id } })).toMatchObject({
      replyId: res.body.id,
      sent: true,
    });
    expect((await fetchFile("agent", secret.body.id)).status).toBe(200);
    expect((await fetchFile("customer", secret.body.id)).status).toBe(404);
    expect((await fetchFile("portal", secret.body.id)).status).toBe(404);
    await drainJobs();
    expect(smtp.messages).toEqual([]);
  });

  it("sends a customer's own upload with their reply (portal and account); never an agent's", async () => {
    const portal = await upload("portal", "receipt.txt", Buffer.from("receipt"));
    const res = await replyRoute(
      makeRequest("/api/replies", {
        method: "POST",
        body: { ticketId, content: "Receipt attached", attachmentIds: [portal.body.id] },
        headers: callers.portal!,
      }),
      params(),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await db.attachment.findUniqueOrThrow({ where: { id: portal.body.id } })).replyId).toBe(id);
    const account = await upload("customer", "more.txt", Buffer.from("more"));
    expect((await reply("customer", { content: "More", attachmentIds: [account.body.id] })).status).toBe(201);
    const agents = await upload("agent", "agent.txt", Buffer.from("agent"));
    expect((await reply("customer", { content: "Sneaky", attachmentIds: [agents.body.id] })).status).toBe(400);
  });
});

describe("the cleanup", () => {
  it("removes uploads no reply sent within a day, and their bytes with the purge", async () => {
    const old = await upload("agent", "old.txt", Buffer.from("old"));
    const recent = await upload("agent", "recent.txt", Buffer.from("recent"));
    const row = await db.attachment.update({
      where: { id: old.body.id },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60_000) },
    });
    expect(await removeUnclaimedUploads()).toBe(1);
    expect(await db.attachment.findUnique({ where: { id: old.body.id } })).toBeNull();
    expect(await db.attachment.findUnique({ where: { id: recent.body.id } })).not.toBeNull();
    await purgeDeletedAttachments(200, new Date(Date.now() + 2 * 60 * 60_000));
    expect(await db.storageObject.findUnique({ where: { key: row.storageKey } })).toBeNull();
  });
});
