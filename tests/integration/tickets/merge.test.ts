import { POST as mergeRoute } from "@/app/api/tickets/[id]/merge/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { GET as links } from "@/app/api/tickets/[id]/links/route";
import { GET as counts } from "@/app/api/tickets/counts/route";
import { historySentence } from "@/lib/format/ticket-history";
import { MERGE_MAX_TICKETS } from "@/lib/schemas/ticket-merge";
import { saveAttachments } from "@/lib/services/tickets/attachments";
import { freshTwoTenants, setTicketCounter, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs, queuedJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };
const as = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
let number = 0;

async function makeTicket(organizationId: string, overrides: Record<string, unknown> = {}) {
  const due = new Date(Date.now() + 3_600_000);
  number++;
  await setTicketCounter(organizationId, number);
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: number,
      subject: `Printer ${number}`,
      description: `The printer is on fire (${number})`,
      customerName: "Casey",
      customerEmail: "casey@x.test",
      status: "open",
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
      ...overrides,
    },
  });
}

async function merge(user: User, id: string, body: unknown) {
  return readJson(
    await mergeRoute(
      makeRequest(`/api/tickets/${id}/merge`, { method: "POST", body, headers: await as(user) }),
      params({ id }),
    ),
  );
}

async function historyOf(user: User, id: string) {
  const res = await history(makeRequest(`/api/tickets/${id}/history`, { headers: await as(user) }), params({ id }));
  return (await res.json()) as { action: string; actorType: string; actorLabel: string | null; metadata: unknown }[];
}

async function addReply(ticketId: string, content: string, type: "public" | "internal" = "public") {
  return db.reply.create({
    data: {
      organizationId: world.org.id,
      ticketId,
      content,
      type,
      authorType: type === "public" ? "customer" : "agent",
      authorEmail: "casey@x.test",
    },
  });
}

beforeEach(async () => {
  world = await freshTwoTenants();
  number = 0;
  await clearJobs();
});

describe("POST /api/tickets/{id}/merge", () => {
  it("moves the conversation, notes, files, tags, CCs and mail thread to the survivor and closes the merged ticket", async () => {
    const tags = await db.tag.createManyAndReturn({
      data: ["billing", "vip"].map((name) => ({ organizationId: world.org.id, name })),
    });
    const survivor = await makeTicket(world.org.id, { tagIds: [tags[0]!.id], cc: ["boss@x.test"] });
    const dupe = await makeTicket(world.org.id, { tagIds: [tags[1]!.id], cc: ["boss@x.test", "cfo@x.test"] });
    const reply = await addReply(dupe.id, "Any news?");
    const note = await addReply(dupe.id, "Called the courier", "internal");
    await db.$transaction((tx) =>
      saveAttachments(tx, {
        organizationId: world.org.id,
        ticketId: dupe.id,
        replyId: reply.id,
        files: [{ filename: "photo.txt", content: Buffer.from("smoke") }],
      }),
    );
    await db.ticketMessageId.create({
      data: { organizationId: world.org.id, ticketId: dupe.id, messageId: "<m1@x.test>" },
    });
    const before = await readJson(
      await counts(makeRequest("/api/tickets/counts", { headers: await as(world.users.agent) }), params()),
    );

    const { status, body } = await merge(world.users.agent, survivor.id, { ticketIds: [dupe.id] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ticketId: survivor.id, ticketNumber: 1, merged: [{ id: dupe.id, ticketNumber: 2 }] });

    const moved = await db.reply.findMany({ where: { ticketId: survivor.id }, orderBy: { createdAt: "asc" } });
    expect(moved.map((r) => r.content)).toEqual(["The printer is on fire (2)", "Any news?", "Called the courier"]);
    expect(moved[0]).toMatchObject({ type: "public", authorType: "customer", authorEmail: "casey@x.test" });
    expect(moved.map((r) => r.id)).toEqual(expect.arrayContaining([reply.id, note.id]));
    const files = await db.attachment.findMany({ where: { replyId: reply.id } });
    expect(files.map((f) => f.ticketId)).toEqual([survivor.id]);
    expect(await db.ticketMessageId.findMany({ where: { messageId: "<m1@x.test>" } })).toMatchObject([
      { ticketId: survivor.id },
    ]);

    const after = await db.ticket.findUniqueOrThrow({ where: { id: survivor.id } });
    expect(after.tagIds).toEqual([tags[0]!.id, tags[1]!.id]);
    expect(after.cc.sort()).toEqual(["boss@x.test", "cfo@x.test"]);
    expect(after.customerRepliedLast).toBe(true);
    const closed = await db.ticket.findUniqueOrThrow({ where: { id: dupe.id } });
    expect(closed).toMatchObject({ status: "closed", mergedIntoId: survivor.id });
    expect(closed.closedAt).not.toBeNull();
    expect(await db.reply.findMany({ where: { ticketId: dupe.id } })).toMatchObject([
      { type: "internal", content: "Merged into #1", authorId: world.users.agent.id },
    ]);

    // The open queue lost the merged ticket.
    const now = await readJson(
      await counts(makeRequest("/api/tickets/counts", { headers: await as(world.users.agent) }), params()),
    );
    expect((now.body as Record<string, number>).allOpen).toBe((before.body as Record<string, number>).allOpen! - 1);

    const names = new Map<string, string>();
    const survivorHistory = (await historyOf(world.users.agent, survivor.id)).map((e) =>
      historySentence(e, names, "Casey"),
    );
    expect(survivorHistory).toContain("Test agent merged #2 into this ticket");
    expect(survivorHistory).toContain("Test agent added the tag vip");
    const mergedHistory = (await historyOf(world.users.agent, dupe.id)).map((e) => historySentence(e, names, "Casey"));
    expect(mergedHistory).toEqual(
      expect.arrayContaining([
        "Test agent changed the status from Open to Closed",
        "Test agent merged this ticket into #1",
      ]),
    );

    // A webhook-visible change of each ticket: both raised their version, and both are in the relations.
    const relations = await readJson(
      await links(
        makeRequest(`/api/tickets/${dupe.id}/links`, { headers: await as(world.users.agent) }),
        params({ id: dupe.id }),
      ),
    );
    expect(relations.body).toMatchObject({ mergedInto: { id: survivor.id, ticketNumber: 1 }, merged: [], related: [] });
    const fromSurvivor = await readJson(
      await links(
        makeRequest(`/api/tickets/${survivor.id}/links`, { headers: await as(world.users.agent) }),
        params({ id: survivor.id }),
      ),
    );
    expect(fromSurvivor.body).toMatchObject({
      mergedInto: null,
      merged: [{ id: dupe.id, ticketNumber: 2, status: "closed" }],
    });
  });

  it("merges several tickets at once, each noted in its own history, and mails the customers only when asked", async () => {
    const survivor = await makeTicket(world.org.id);
    const a = await makeTicket(world.org.id);
    const b = await makeTicket(world.org.id);
    const { status } = await merge(world.users.org_admin, survivor.id, {
      ticketIds: [b.id, a.id],
      notifyCustomers: true,
    });
    expect(status).toBe(200);
    const events = await db.auditEvent.findMany({ where: { ticketId: survivor.id, action: "ticket.merged" } });
    expect(events).toMatchObject([{ metadata: { ticketNumbers: [2, 3] } }]);
    const mails = await queuedJobs("mail.send");
    expect(mails.map((j) => JSON.stringify(j.payload))).toEqual([
      expect.stringContaining("has been merged into #1"),
      expect.stringContaining("has been merged into #1"),
    ]);

    const c = await makeTicket(world.org.id);
    await clearJobs();
    await merge(world.users.org_admin, survivor.id, { ticketIds: [c.id] });
    expect(JSON.stringify((await queuedJobs("mail.send")).map((j) => j.payload))).not.toContain("has been merged");
  });

  it("asks before merging tickets of different customers, and merges them once confirmed", async () => {
    const survivor = await makeTicket(world.org.id);
    const other = await makeTicket(world.org.id, { customerEmail: "robin@y.test" });
    const asked = await merge(world.users.agent, survivor.id, { ticketIds: [other.id] });
    expect(asked).toMatchObject({ status: 409, body: { code: "different_customers" } });
    expect(String(asked.body.error)).toContain("robin@y.test");
    expect((await db.ticket.findUniqueOrThrow({ where: { id: other.id } })).mergedIntoId).toBeNull();
    const done = await merge(world.users.agent, survivor.id, {
      ticketIds: [other.id],
      confirmDifferentCustomers: true,
    });
    expect(done.status).toBe(200);
    // The same customer in another case is the same customer.
    const shouting = await makeTicket(world.org.id, { customerEmail: "CASEY@x.test" });
    expect((await merge(world.users.agent, survivor.id, { ticketIds: [shouting.id] })).status).toBe(200);
  });

  it("refuses a ticket already merged (409), and a survivor that was merged itself", async () => {
    const survivor = await makeTicket(world.org.id);
    const dupe = await makeTicket(world.org.id);
    const third = await makeTicket(world.org.id);
    expect((await merge(world.users.agent, survivor.id, { ticketIds: [dupe.id] })).status).toBe(200);
    expect(await merge(world.users.agent, third.id, { ticketIds: [dupe.id] })).toMatchObject({
      status: 409,
      body: { error: "Ticket #2 was already merged into another ticket" },
    });
    expect((await merge(world.users.agent, dupe.id, { ticketIds: [third.id] })).status).toBe(409);
    // A survivor merged on: what was merged into it follows to the new survivor.
    expect((await merge(world.users.agent, third.id, { ticketIds: [survivor.id] })).status).toBe(200);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: dupe.id } })).mergedIntoId).toBe(third.id);
  });

  it("validates the request", async () => {
    const survivor = await makeTicket(world.org.id);
    const dupe = await makeTicket(world.org.id);
    const cases: [unknown, string][] = [
      [{}, "ticketIds must be a list of ticket ids"],
      [{ ticketIds: [] }, "Choose at least one ticket to merge"],
      [{ ticketIds: [dupe.id, dupe.id] }, "Each ticket may be listed only once"],
      [{ ticketIds: Array.from({ length: MERGE_MAX_TICKETS + 1 }, (_, i) => `t${i}`) }, "At most 20 tickets at once"],
      [{ ticketIds: [survivor.id] }, "A ticket cannot be merged into itself"],
      [{ ticketIds: [dupe.id], notifyCustomers: "yes" }, "notifyCustomers must be true or false"],
      [{ ticketIds: [""] }, "Unknown ticket id"],
    ];
    for (const [body, error] of cases) {
      const res = await merge(world.users.agent, survivor.id, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(error);
    }
  });

  it("lets staff merge, refuses customers, and hides other organisations' tickets", async () => {
    const survivor = await makeTicket(world.org.id);
    const dupe = await makeTicket(world.org.id);
    const foreign = await makeTicket(world.other.id);
    expect((await merge(world.users.end_user, survivor.id, { ticketIds: [dupe.id] })).status).toBe(403);
    expect((await merge(world.users.agent, survivor.id, { ticketIds: [foreign.id] })).status).toBe(404);
    expect((await merge(world.users.agent, foreign.id, { ticketIds: [dupe.id] })).status).toBe(404);
    expect((await merge(world.users.otherAdmin, survivor.id, { ticketIds: [dupe.id] })).status).toBe(404);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: dupe.id } })).mergedIntoId).toBeNull();
    expect((await merge(world.users.platform_admin, survivor.id, { ticketIds: [dupe.id] })).status).toBe(200);
  });

  it("of two agents merging the same ticket at once, one wins and no reply is lost", async () => {
    const a = await makeTicket(world.org.id);
    const b = await makeTicket(world.org.id);
    const dupe = await makeTicket(world.org.id);
    for (let i = 0; i < 3; i++) await addReply(dupe.id, `reply ${i}`);
    const results = await Promise.all([
      merge(world.users.agent, a.id, { ticketIds: [dupe.id, b.id] }),
      merge(world.users.org_admin, b.id, { ticketIds: [dupe.id, a.id] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body.ticketId as string;
    const replies = await db.reply.findMany({ where: { ticketId: winner, type: "public" } });
    expect(replies.map((r) => r.content).sort()).toEqual(
      [
        "The printer is on fire (2)",
        "The printer is on fire (1)",
        "The printer is on fire (3)",
        "reply 0",
        "reply 1",
        "reply 2",
      ]
        .filter((c) => c !== `The printer is on fire (${winner === a.id ? 1 : 2})`)
        .sort(),
    );
    expect(await db.ticket.count({ where: { mergedIntoId: winner } })).toBe(2);
  });
});
