import { GET as health } from "@/app/api/platform/jobs/route";
import { POST as retry } from "@/app/api/platform/jobs/[id]/retry/route";
import { enqueue } from "@/lib/jobs";
import type { JobQueueHealth } from "@/lib/schemas/jobs";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs } from "../helpers/jobs";
import { itRefusesAllButPlatformAdmins } from "../helpers/platform-admin-only";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };
let users: Record<"platform_admin" | "org_admin" | "agent" | "end_user", User>;

beforeAll(async () => {
  await resetDatabase();
  const org = await createOrg();
  users = {
    platform_admin: await createUser(org.id, "platform_admin"),
    org_admin: await createUser(org.id, "org_admin"),
    agent: await createUser(org.id, "agent"),
    end_user: await createUser(org.id, "end_user"),
  };
});
beforeEach(() => clearJobs());

const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};
const readHealth = async (user: User | null) =>
  readJson(await health(makeRequest("/api/platform/jobs", { headers: await as(user) }), params()));
const retryJob = async (user: User | null, id: string) =>
  readJson(
    await retry(
      makeRequest(`/api/platform/jobs/${id}/retry`, { method: "POST", headers: await as(user) }),
      params({ id }),
    ),
  );

async function deadJob(kind: string) {
  await enqueue(db, kind, {}, { maxAttempts: 2 });
  await db.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = 2, last_error = 'SMTP said no'
    WHERE id = (SELECT max(id) FROM graphile_worker._private_jobs)`;
  const [job] = await db.$queryRaw<{ id: string }[]>`SELECT max(id)::text AS id FROM graphile_worker._private_jobs`;
  return job!.id;
}

describe("GET /api/platform/jobs", () => {
  it("counts queued, failed and dead jobs per kind, with the oldest due job's wait", async () => {
    await enqueue(db, "mail.send", {}, { runAt: new Date(Date.now() - 90_000) });
    await enqueue(db, "mail.send", {});
    await deadJob("mail.send");
    await enqueue(db, "sla.warnings", {}, { runAt: new Date(Date.now() + 60_000) });
    await db.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = 1
      WHERE id = (SELECT max(id) FROM graphile_worker._private_jobs)`;
    const { status, body } = (await readHealth(users.platform_admin)) as { status: number; body: JobQueueHealth };
    expect(status).toBe(200);
    const mail = body.kinds.find((k) => k.kind === "mail.send")!;
    expect(mail).toMatchObject({ queued: 2, running: 0, failed: 0, dead: 1 });
    expect(mail.oldestWaitingSeconds).toBeGreaterThanOrEqual(89);
    expect(body.kinds.find((k) => k.kind === "sla.warnings")).toMatchObject({
      queued: 0,
      failed: 1,
      dead: 0,
      oldestWaitingSeconds: null,
    });
    expect(body.dead).toEqual([expect.objectContaining({ kind: "mail.send", attempts: 2, lastError: "SMTP said no" })]);
    expect(JSON.stringify(body)).not.toContain("payload");
  });

  itRefusesAllButPlatformAdmins(readHealth, () => users);
});

describe("POST /api/platform/jobs/{id}/retry", () => {
  it("gives a dead job a fresh set of attempts, due now", async () => {
    const id = await deadJob("mail.send");
    expect(await retryJob(users.platform_admin, id)).toEqual({ status: 200, body: { ok: true } });
    const [job] = await db.$queryRaw<{ attempts: number; due: boolean }[]>`
      SELECT attempts, run_at <= now() AS due FROM graphile_worker._private_jobs WHERE id = ${id}::bigint`;
    expect(job).toEqual({ attempts: 0, due: true });
    expect(((await readHealth(users.platform_admin)).body as JobQueueHealth).dead).toEqual([]);
  });

  it("is a 404 for a job that is not dead, an unknown id and a malformed one", async () => {
    await enqueue(db, "mail.send", {});
    const [live] = await db.$queryRaw<{ id: string }[]>`SELECT max(id)::text AS id FROM graphile_worker._private_jobs`;
    for (const id of [live!.id, "999999999", "abc", "1;DROP"]) {
      expect((await retryJob(users.platform_admin, id)).status).toBe(404);
    }
  });

  itRefusesAllButPlatformAdmins(
    async (user) => retryJob(user, await deadJob("mail.send")),
    () => users,
  );
});
