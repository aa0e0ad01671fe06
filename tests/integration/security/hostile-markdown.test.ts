import { simpleParser } from "mailparser";
import { GET as listReplies } from "@/app/api/replies/[ticketId]/route";
import { POST as postReply } from "@/app/api/replies/route";
import { POST as postPreview } from "@/app/api/replies/preview/route";
import { POST as createTicket } from "@/app/api/tickets/route";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs } from "../helpers/jobs";
import { HOSTILE_MARKDOWN, unsafeMarkup } from "../helpers/markup";
import { makeRequest, params } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { portalAuth } from "../helpers/portal-auth";

// Hostile formatted replies: an agent (or an attacker with an agent's session) writes every
// known way of smuggling markup through Markdown; wherever the reply is shown (the staff
// thread, the customer's account, the portal, the composer's preview, the customer's email)
// no script, event handler, style, frame or javascript:/data:/vbscript: link comes out.

const HOSTILE = HOSTILE_MARKDOWN;
const CONTENT = HOSTILE.join("\n\n");

let world: TwoTenants;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ticketId: string;
const customer = "hostile-reader@customer.test";

beforeAll(async () => {
  world = await freshTwoTenants();
  smtp = await startSmtp();
  const res = await createTicket(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Hostile", description: "x", customerEmail: customer },
      headers: { cookie: await sessionCookie(world.users.agent) },
    }),
    params(),
  );
  ticketId = ((await res.json()) as { id: string }).id;
  await clearJobs(); // the "ticket received" mail: only the replies' mail is read below
  for (const content of [...HOSTILE, CONTENT]) {
    const sent = await postReply(
      makeRequest("/api/replies", {
        method: "POST",
        body: { ticketId, content },
        headers: { cookie: await sessionCookie(world.users.agent) },
      }),
      params(),
    );
    expect(sent.status).toBe(201);
  }
});
afterAll(() => smtp.stop());

type Shown = { content: string; html: string | null };

async function thread(headers: Record<string, string>) {
  const res = await listReplies(makeRequest(`/api/replies/${ticketId}`, { headers }), params({ ticketId }));
  expect(res.status).toBe(200);
  return (await res.json()) as Shown[];
}

/** Each reply's HTML with what is wrong in it; the expected answer is an empty list for every one. */
const verdicts = (shown: Shown[]) =>
  shown.map((r) => ({ source: r.content.slice(0, 60), unsafe: unsafeMarkup(r.html ?? "") }));
const clean = (shown: Shown[]) => shown.map((r) => ({ source: r.content.slice(0, 60), unsafe: [] }));

describe("hostile Markdown in a reply, wherever it is shown", () => {
  it("the staff thread", async () => {
    const shown = await thread({ cookie: await sessionCookie(world.users.agent) });
    expect(shown).toHaveLength(HOSTILE.length + 1);
    expect(shown.every((r) => r.html !== null)).toBe(true);
    expect(verdicts(shown)).toEqual(clean(shown));
  });

  it("the customer portal", async () => {
    const token = newToken();
    await db.portalSession.create({
      data: {
        organizationId: world.org.id,
        email: customer,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const shown = await thread(portalAuth(world.org.slug, token));
    expect(shown).toHaveLength(HOSTILE.length + 1);
    expect(verdicts(shown)).toEqual(clean(shown));
  });

  it("the customer's account in the workspace", async () => {
    await db.ticket.update({ where: { id: ticketId }, data: { customerEmail: world.users.end_user.email } });
    try {
      const shown = await thread({ cookie: await sessionCookie(world.users.end_user) });
      expect(shown).toHaveLength(HOSTILE.length + 1);
      expect(verdicts(shown)).toEqual(clean(shown));
    } finally {
      await db.ticket.update({ where: { id: ticketId }, data: { customerEmail: customer } });
    }
  });

  it("the composer's preview", async () => {
    for (const content of [...HOSTILE, CONTENT]) {
      const res = await postPreview(
        makeRequest("/api/replies/preview", {
          method: "POST",
          body: { content },
          headers: { cookie: await sessionCookie(world.users.org_admin) },
        }),
        params(),
      );
      const { html } = (await res.json()) as { html: string };
      expect({ content, unsafe: unsafeMarkup(html) }).toEqual({ content, unsafe: [] });
    }
  });

  it("the HTML part of the customer's email, which holds the reply's HTML unchanged", async () => {
    const shown = await thread({ cookie: await sessionCookie(world.users.agent) });
    await smtp.mailTo(customer);
    const mails = smtp.messages.filter((m) => m.to.includes(customer));
    expect(mails).toHaveLength(HOSTILE.length + 1);
    const htmls = await Promise.all(mails.map(async (m) => (await simpleParser(m.raw)).html as string));
    for (const reply of shown) {
      const mail = htmls.find((html) => html.includes(`<div data-reply>${reply.html}</div>`));
      expect({ source: reply.content.slice(0, 60), found: mail !== undefined }).toEqual({
        source: reply.content.slice(0, 60),
        found: true,
      });
      // Around the reply only our own page: its escaped lines and the link to the ticket, nothing else.
      const around = mail!.replace(`<div data-reply>${reply.html}</div>`, "").replace(/^<!doctype html>/i, "");
      expect(unsafeMarkup(around, { html: [], body: ["style"], p: [], br: [], a: ["href"] })).toEqual([]);
      expect(
        [...around.matchAll(/href="([^"]*)"/g)].map(([, href]) => new URL(href!.replace(/&amp;/g, "&")).pathname),
      ).toEqual(["/portal"]);
    }
  });
});
