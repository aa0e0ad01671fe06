// The open-ticket counters behind the queue counts (TicketQueueCount, kept by a trigger on
// Ticket) stay equal to a full recount through every kind of write: creates, status and
// assignee changes, moves between open statuses, deletes, and a deleted assignee (SET NULL).
import { randomUUID } from "node:crypto";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";

type Row = { organizationId: string; assignedToId: string; open: number };

async function counters(): Promise<Row[]> {
  const rows = await db.ticketQueueCount.findMany({
    where: { open: { not: 0 } },
    orderBy: [{ organizationId: "asc" }, { assignedToId: "asc" }],
  });
  return rows.map(({ organizationId, assignedToId, open }) => ({ organizationId, assignedToId, open }));
}

async function recount(): Promise<Row[]> {
  const rows = await db.$queryRaw<{ organizationId: string; assignedToId: string; open: bigint }[]>`
    SELECT "organizationId", COALESCE("assignedToId", '') AS "assignedToId", count(*) AS open FROM "Ticket"
    WHERE "status" IN ('open', 'pending', 'in_progress') GROUP BY 1, 2 ORDER BY 1, 2`;
  return rows.map((r) => ({ ...r, open: Number(r.open) }));
}

const STATUSES = ["open", "pending", "in_progress", "resolved", "closed"] as const;

beforeAll(async () => {
  await resetDatabase();
});

it("matches a full recount after creates, updates, reassignments and deletes", async () => {
  const orgs = [await createOrg("enterprise"), await createOrg("enterprise")];
  const agents = [await createUser(orgs[0]!.id), await createUser(orgs[0]!.id), await createUser(orgs[1]!.id)];
  const leaver = await createUser(orgs[0]!.id);
  const assignees = (org: number) => [
    null,
    ...agents.filter((_, i) => (org === 0 ? i < 2 : i === 2)).map((a) => a.id),
    ...(org === 0 ? [leaver.id] : []),
  ];
  let seedValue = 7;
  const next = (n: number) => (seedValue = (seedValue * 48271) % 2147483647) % n;
  const ids: { id: string; org: number }[] = [];
  let number = 0;
  for (let i = 0; i < 60; i++) {
    const org = next(2);
    const now = new Date();
    const t = await db.ticket.create({
      data: {
        organizationId: orgs[org]!.id,
        ticketNumber: ++number,
        subject: `T${i}`,
        description: "d",
        customerName: "C",
        customerEmail: "c@x.test",
        status: STATUSES[next(5)]!,
        assignedToId: assignees(org)[next(assignees(org).length)] ?? null,
        firstResponseDueAt: now,
        resolutionDueAt: now,
        slaRiskAt: now,
      },
    });
    ids.push({ id: t.id, org });
  }
  expect(await counters()).toEqual(await recount());

  for (let i = 0; i < 80; i++) {
    const { id, org } = ids[next(ids.length)]!;
    const change = next(3);
    if (change === 0) await db.ticket.update({ where: { id }, data: { status: STATUSES[next(5)]! } });
    else if (change === 1)
      await db.ticket.update({
        where: { id },
        data: { assignedToId: assignees(org)[next(assignees(org).length)] ?? null },
      });
    else
      await db.ticket.update({
        where: { id },
        data: {
          status: STATUSES[next(5)]!,
          assignedToId: assignees(org)[next(assignees(org).length)] ?? null,
          subject: randomUUID(),
        },
      });
  }
  expect(await counters()).toEqual(await recount());

  await db.ticket.deleteMany({ where: { id: { in: ids.slice(0, 10).map((t) => t.id) } } });
  await db.user.delete({ where: { id: leaver.id } });
  expect(await counters()).toEqual(await recount());
  expect((await recount()).length).toBeGreaterThan(2);
});
