import { GET as usage } from "@/app/api/usage/route";
import { PLANS } from "@/lib/plans/limits";
import { createOrg, createTickets, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

const MB = 1024 * 1024;

async function usageOf(user: { id: string; sessionVersion: number } | null) {
  const headers: Record<string, string> = user ? { cookie: await sessionCookie(user) } : {};
  return readJson(await usage(makeRequest("/api/usage", { headers }), params()));
}

/** An attachment of `size` bytes on the organisation's first ticket. */
async function attach(organizationId: string, size: number) {
  const ticket = await db.ticket.findFirstOrThrow({ where: { organizationId }, select: { id: true } });
  const key = `${organizationId}/${size}-${Math.random()}`;
  await db.attachment.create({
    data: {
      organizationId,
      ticketId: ticket.id,
      filename: "file.bin",
      contentType: "application/octet-stream",
      size,
      sha256: "0".repeat(64),
      storageKey: key,
    },
  });
}

beforeAll(async () => {
  await resetDatabase();
});

describe("GET /api/usage: storage", () => {
  it("counts the bytes of the organisation's own attachments against the plan's storage", async () => {
    const org = await createOrg("starter");
    const other = await createOrg("starter");
    await createTickets(org.id, 1);
    await createTickets(other.id, 1);
    await attach(org.id, 1500);
    await attach(org.id, 2 * MB);
    await attach(other.id, 9 * MB); // another tenant's files are never counted
    const agent = await createUser(org.id, "agent");
    expect(await usageOf(agent)).toMatchObject({
      status: 200,
      body: { plan: "starter", storage: { used: 2 * MB + 1500, limit: PLANS.starter.storageMb * MB } },
    });
  });

  it("reads no limit on enterprise and no storage on free", async () => {
    const enterprise = await createOrg("enterprise");
    const free = await createOrg("free");
    expect((await usageOf(await createUser(enterprise.id, "org_admin"))).body.storage).toEqual({ used: 0, limit: -1 });
    expect((await usageOf(await createUser(free.id, "agent"))).body.storage).toEqual({ used: 0, limit: 0 });
  });

  it("is the team's business: 401 anonymous, 403 for a customer", async () => {
    const org = await createOrg("pro");
    expect((await usageOf(null)).status).toBe(401);
    expect((await usageOf(await createUser(org.id, "end_user"))).status).toBe(403);
  });
});
