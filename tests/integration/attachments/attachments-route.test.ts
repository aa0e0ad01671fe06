import { GET as download } from "@/app/api/attachments/[id]/route";
import { GET as listReplies } from "@/app/api/replies/[ticketId]/route";
import { GET as portalTicket } from "@/app/api/portal/tickets/[id]/route";
import { GET as ticketDetail } from "@/app/api/tickets/detail/[id]/route";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { file, portalToken, replyOn, save, ticketFor } from "./attachments-helpers";
import { portalAuth } from "../helpers/portal-auth";

// GET /api/attachments/{id}: who gets the bytes, who a 404, and how they are handed over.

type Headers = Record<string, string>;
const HTML = "<html><body><script>fetch('/api/users')</script></body></html>";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';

let ids: { first: string; html: string; svg: string; note: string; unicode: string };
let ticketId: string;
let callers: Record<string, Headers>;

beforeAll(async () => {
  await resetDatabase();
  const org = await createOrg("pro");
  const other = await createOrg("pro");
  const users = {
    agent: await createUser(org.id, "agent"),
    admin: await createUser(org.id, "org_admin"),
    customer: await createUser(org.id, "end_user"),
    otherCustomer: await createUser(org.id, "end_user"),
    otherAdmin: await createUser(other.id, "org_admin"),
  };
  const ticket = await ticketFor(org.id, users.customer.email);
  ticketId = ticket.id;
  const pub = await replyOn(ticket, "public", users.customer.email);
  const note = await replyOn(ticket, "internal");
  const first = await save({ organizationId: org.id, ticketId, replyId: null, files: [file("hello.txt", "hello")] });
  const onReply = await save({
    organizationId: org.id,
    ticketId,
    replyId: pub.id,
    files: [file("page.txt", HTML), file("logo.png", SVG), file("Résumé 'final' ☃.txt", "cv")],
  });
  const onNote = await save({ organizationId: org.id, ticketId, replyId: note.id, files: [file("secret.txt", "x")] });
  ids = {
    first: first.saved[0]!.id,
    html: onReply.saved[0]!.id,
    svg: onReply.saved[1]!.id,
    unicode: onReply.saved[2]!.id,
    note: onNote.saved[0]!.id,
  };
  const cookie = async (u: { id: string; sessionVersion: number }) => ({ cookie: await sessionCookie(u) });
  callers = {
    anonymous: {},
    agent: await cookie(users.agent),
    admin: await cookie(users.admin),
    customer: await cookie(users.customer),
    otherCustomer: await cookie(users.otherCustomer),
    otherTenantAdmin: await cookie(users.otherAdmin),
    portal: portalAuth(org.slug, await portalToken(org.id, users.customer.email)),
    portalOtherEmail: portalAuth(org.slug, await portalToken(org.id, users.otherCustomer.email)),
    portalOtherOrg: portalAuth(other.slug, await portalToken(other.id, users.customer.email)),
    portalExpired: portalAuth(org.slug, "not-a-live-token"),
  };
});

const get = (id: string, headers: Headers) =>
  download(makeRequest(`/api/attachments/${id}`, { headers }), params({ id }));

describe("GET /api/attachments/{id}", () => {
  it("answers each caller as its role allows", async () => {
    const expected = {
      anonymous: 401,
      agent: 200,
      admin: 200,
      customer: 200,
      otherCustomer: 404,
      otherTenantAdmin: 404,
      portal: 200,
      portalOtherEmail: 404,
      portalOtherOrg: 404,
      portalExpired: 401,
    };
    const statuses: Record<string, number> = {};
    for (const [who, headers] of Object.entries(callers)) statuses[who] = (await get(ids.first, headers)).status;
    expect(statuses).toEqual(expected);
  });

  it("hands the file over as a download the browser never renders", async () => {
    const res = await get(ids.first, callers.portal!);
    expect(await res.text()).toBe("hello");
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": `attachment; filename="hello.txt"; filename*=UTF-8''hello.txt`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
      "content-length": "5",
    });
  });

  it("sends HTML and SVG as plain bytes, whatever their name says", async () => {
    for (const id of [ids.html, ids.svg]) {
      const res = await get(id, callers.agent!);
      expect({ id, type: res.headers.get("content-type") }).toEqual({ id, type: "application/octet-stream" });
      expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    }
  });

  it("names a file with quotes and non-ASCII letters exactly (RFC 5987) and safely for old clients", async () => {
    const res = await get(ids.unicode, callers.customer!);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="R_sum_ 'final' _.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%27final%27%20%E2%98%83.txt`,
    );
  });

  it("keeps a file of an internal note from customers, not from staff", async () => {
    expect((await get(ids.note, callers.agent!)).status).toBe(200);
    expect((await get(ids.note, callers.customer!)).status).toBe(404);
    expect((await get(ids.note, callers.portal!)).status).toBe(404);
  });

  it("answers an unknown or absurd id with a 404 in the one error shape", async () => {
    for (const id of ["nope", "x".repeat(500), "../../etc/passwd"]) {
      const res = await get(id, callers.agent!);
      expect({ id: id.slice(0, 20), status: res.status, body: await res.json() }).toEqual({
        id: id.slice(0, 20),
        status: 404,
        body: { error: "Attachment not found", code: "not_found" },
      });
    }
  });
});

describe("attachments in the conversation", () => {
  const summary = (filename: string, contentType: string, size: number) =>
    expect.objectContaining({ id: expect.any(String), filename, contentType, size });

  it("carries each message's files: the first message on the ticket, each reply's on the reply", async () => {
    const detail = await ticketDetail(
      makeRequest(`/api/tickets/detail/${ticketId}`, { headers: callers.agent }),
      params({ id: ticketId }),
    );
    expect((await detail.json()).attachments).toEqual([summary("hello.txt", "text/plain", 5)]);

    const staff = (await (
      await listReplies(makeRequest(`/api/replies/${ticketId}`, { headers: callers.agent }), params({ ticketId }))
    ).json()) as { type: string; attachments: { filename: string }[] }[];
    expect(staff.map((r) => [r.type, r.attachments.map((a) => a.filename)])).toEqual([
      ["public", ["page.txt", "logo.png", "Résumé 'final' ☃.txt"]],
      ["internal", ["secret.txt"]],
    ]);
  });

  it("shows the portal customer the files of the first message and public replies only", async () => {
    const ticket = await portalTicket(
      makeRequest(`/api/portal/tickets/${ticketId}`, { headers: callers.portal }),
      params({ id: ticketId }),
    );
    expect((await ticket.json()).attachments).toEqual([summary("hello.txt", "text/plain", 5)]);
    const replies = (await (
      await listReplies(makeRequest(`/api/replies/${ticketId}`, { headers: callers.portal }), params({ ticketId }))
    ).json()) as { attachments: { filename: string; contentType: string }[] }[];
    expect(replies.map((r) => r.attachments.map((a) => `${a.filename} ${a.contentType}`))).toEqual([
      ["page.txt text/html", "logo.png image/svg+xml", "Résumé 'final' ☃.txt text/plain"],
    ]);
    expect(JSON.stringify(replies)).not.toContain("secret.txt");
  });
});
