import { POST as reply } from "@/app/api/replies/route";
import { MAIL_JOB } from "@/lib/services/mail/outbox";
import { createOrg, createTickets, createUser, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs, queuedJobs } from "../helpers/jobs";
import { holding, untilWaitingOnLock } from "../helpers/locks";
import { makeRequest, params, readJson } from "../helpers/request";

// A reply that changes nothing else is read, then written in one statement only while the ticket
// is at the version read (lib/services/replies/plain.ts); these pin what that must not change.

type User = Awaited<ReturnType<typeof createUser>>;

const send = async (user: User, body: Record<string, unknown>) =>
  readJson(
    await reply(
      makeRequest("/api/replies", { method: "POST", body, headers: { cookie: await sessionCookie(user) } }),
      params(),
    ),
  );

let agent: User;
let ticketId: string;
beforeEach(async () => {
  const org = await createOrg("enterprise");
  agent = await createUser(org.id, "agent");
  await createTickets(org.id, 1);
  ({ id: ticketId } = await db.ticket.findFirstOrThrow({ where: { organizationId: org.id } }));
  await clearJobs();
});

const stored = () => db.ticket.findUniqueOrThrow({ where: { id: ticketId } });

describe("a reply that changes nothing else about its ticket", () => {
  it("returns the ticket's version after it, so the agent's next reply is not refused as stale", async () => {
    const first = await send(agent, { ticketId, content: "Looking into it", version: (await stored()).version });
    expect(first.status).toBe(201);
    const { ticketVersion } = first.body as { ticketVersion: number };
    expect(ticketVersion).toBe((await stored()).version);

    const note = await send(agent, {
      ticketId,
      content: "Asked the warehouse",
      type: "internal",
      version: ticketVersion,
    });
    expect(note.status).toBe(201);
    expect((note.body as { ticketVersion: number }).ticketVersion).toBe((await stored()).version);
  });

  it("is refused as stale when a reply came in between its read and its write, and writes nothing", async () => {
    const seen = (await stored()).version;
    // Another agent's reply, still uncommitted, holds the ticket's row.
    const release = await holding((tx) =>
      tx.reply.create({
        data: {
          organizationId: agent.organizationId,
          ticketId,
          content: "Their answer",
          authorType: "agent",
          authorEmail: "other@x.test",
        },
      }),
    );
    const mine = send(agent, { ticketId, content: "My answer", version: seen });
    await untilWaitingOnLock(`UPDATE "Ticket" SET "updatedAt"`);
    await release();

    expect(await mine).toMatchObject({ status: 409, body: { code: "stale_version" } });
    const contents = (await db.reply.findMany({ where: { ticketId } })).map((r) => r.content);
    expect(contents).toEqual(["Their answer"]);
    expect(await db.auditEvent.count({ where: { ticketId, action: "ticket.replied" } })).toBe(0);
    expect(await queuedJobs(MAIL_JOB)).toHaveLength(0);
  });

  it("is written once, under the lock, when only other fields changed in between", async () => {
    const release = await holding((tx) => tx.ticket.update({ where: { id: ticketId }, data: { priority: "urgent" } }));
    const mine = send(agent, { ticketId, content: "Still on it", version: (await stored()).version });
    await untilWaitingOnLock(`UPDATE "Ticket" SET "updatedAt"`);
    await release();

    const answer = await mine;
    expect(answer.status).toBe(201);
    const after = await stored();
    expect(after.priority).toBe("urgent");
    expect((answer.body as { ticketVersion: number }).ticketVersion).toBe(after.version);
    expect((await db.reply.findMany({ where: { ticketId } })).map((r) => r.content)).toEqual(["Still on it"]);
    expect(await db.auditEvent.count({ where: { ticketId, action: "ticket.replied" } })).toBe(1);
    expect(await queuedJobs(MAIL_JOB)).toHaveLength(1);
  });
});
