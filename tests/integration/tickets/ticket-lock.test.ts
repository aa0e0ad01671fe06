import { lockTicket } from "@/lib/services/tickets/lock";
import { createOrg, createTickets, createUser } from "../helpers/fixtures";
import { db } from "../helpers/db";

async function aTicket() {
  const org = await createOrg();
  await createTickets(org.id, 1);
  const agent = await createUser(org.id, "agent");
  const { id } = await db.ticket.findFirstOrThrow({ where: { organizationId: org.id } });
  const [b, a] = await Promise.all(
    ["billing", "api"].map((name) => db.tag.create({ data: { organizationId: org.id, name } })),
  );
  // Every kind of field off its default: enums, a nullable date, JSON, an array, a reference.
  await db.ticket.update({
    where: { id },
    data: {
      priority: "urgent",
      status: "in_progress",
      firstRespondedAt: new Date("2026-11-27T10:00:00.123Z"),
      fieldVersions: { status: 2, reply: 3 },
      tagIds: [b!.id, a!.id],
      assignedToId: agent.id,
      customerRepliedLast: true,
    },
  });
  return { org, id };
}

describe("lockTicket", () => {
  it("reads the ticket as Prisma's own read does, every field and type alike", async () => {
    const { org, id } = await aTicket();
    const locked = await db.$transaction((tx) => lockTicket(tx, { id, organizationId: org.id }));
    expect(locked).toEqual(
      await db.ticket.findUnique({ where: { id }, include: { slaPolicy: { select: { id: true, name: true } } } }),
    );
    // Parsed JSON and real dates, not their text (the trigger adds the fields the update changed).
    expect(locked?.fieldVersions).toMatchObject({ reply: 3 });
    expect(locked?.firstRespondedAt).toEqual(new Date("2026-11-27T10:00:00.123Z"));
  });

  it("finds nothing in another organisation, nor for a customer whose ticket it is not", async () => {
    const { org, id } = await aTicket();
    const other = await createOrg();
    await db.$transaction(async (tx) => {
      expect(await lockTicket(tx, { id, organizationId: other.id })).toBeNull();
      expect(await lockTicket(tx, { id, organizationId: org.id, customerEmail: "someone@x.test" })).toBeNull();
      expect(await lockTicket(tx, { id, organizationId: org.id, customerEmail: "c@x.test" })).not.toBeNull();
    });
  });

  it("holds the row until its transaction ends", async () => {
    const { org, id } = await aTicket();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.$transaction(async (tx) => {
      await lockTicket(tx, { id, organizationId: org.id });
      locked();
      await held;
    });
    await isLocked;
    const free = await db.$queryRaw<
      { id: string }[]
    >`SELECT "id" FROM "Ticket" WHERE "id" = ${id} FOR UPDATE SKIP LOCKED`;
    release();
    await holder;
    expect(free).toEqual([]);
    expect(await db.$queryRaw`SELECT "id" FROM "Ticket" WHERE "id" = ${id} FOR UPDATE SKIP LOCKED`).toEqual([{ id }]);
  });
});
