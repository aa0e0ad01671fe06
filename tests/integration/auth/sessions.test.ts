import { GET as check } from "@/app/api/auth/check/route";
import { POST as login } from "@/app/api/login/route";
import { POST as logout } from "@/app/api/logout/route";
import { DELETE as endOthers, GET as listSessions } from "@/app/api/users/sessions/route";
import { DELETE as endSession } from "@/app/api/users/sessions/[id]/route";
import { DELETE as endMemberSessions, GET as memberSessions } from "@/app/api/users/[id]/sessions/route";
import { GET as listTickets } from "@/app/api/tickets/route";
import { PATCH as changePassword } from "@/app/api/users/password/route";
import { sessionChecker } from "@/lib/auth/session";
import { decodeSession } from "@/lib/auth/session-cookie";
import { SessionUserCache } from "@/lib/auth/session-user-cache";
import { sessionUsers } from "@/lib/auth/session-users";
import { HeardCache } from "@/lib/live/heard-cache";
import { Listener } from "@/lib/live/listener";
import { MAIL_JOB } from "@/lib/services/mail/outbox";
import { LAST_SEEN_EVERY_MS } from "@/lib/services/users/session-records";
import { cookieFrom, createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, queuedJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import { until, untilForgotten } from "../helpers/session-users";

// "B" is a second server process: its own session cache and LISTEN connection. Ending a session
// through this process's routes must refuse that session's cookie in B on its next request.
const cacheB = new SessionUserCache();
const listenerB = new Listener({
  users: cacheB,
  events: { dispatch: () => {}, resyncAll: () => {} },
  counts: new HeardCache(100),
});
const checkB = sessionChecker(cacheB, listenerB);
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);
const sessionIdOf = async (cookie: string) => (await decodeSession(tokenOf(cookie)))!.sessionId;

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

beforeAll(async () => {
  await resetDatabase();
  await listenerB.ensure();
  await until(() => cacheB.isActive, "B listens");
});
afterAll(() => listenerB.stop());

const get = (handler: typeof listSessions, path: string, cookie: string, id?: string) =>
  handler(makeRequest(path, { headers: { cookie } }), params(id ? { id } : {}));
const del = (handler: typeof endOthers, path: string, cookie: string, id?: string) =>
  handler(makeRequest(path, { method: "DELETE", headers: { cookie } }), params(id ? { id } : {}));
const signedIn = async (cookie: string) =>
  (await readJson(await check(makeRequest("/api/auth/check", { headers: { cookie } }), params()))).body.isAuthenticated;

async function team() {
  const org = await createOrg("pro");
  const admin = await createUser(org.id, "org_admin");
  const agent = await createUser(org.id, "agent");
  return { org, admin, agent, adminCookie: await sessionCookie(admin) };
}

describe("GET /api/users/sessions", () => {
  it("lists the user's live sessions with the contract's fields, this one marked current", async () => {
    const { agent } = await team();
    const laptop = await sessionCookie(agent, { userAgent: FIREFOX, address: "203.0.113.7" });
    const phone = await sessionCookie(agent, { userAgent: SAFARI, address: "198.51.100.2" });
    const { status, body } = await readJson(await get(listSessions, "/api/users/sessions", laptop));
    expect(status).toBe(200);
    const sessions = body as unknown as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current)!;
    expect(Object.keys(mine).sort()).toEqual(["address", "createdAt", "current", "id", "lastSeenAt", "userAgent"]);
    expect(mine).toMatchObject({ id: await sessionIdOf(laptop), userAgent: FIREFOX, address: "203.0.113.7" });
    expect(sessions.find((s) => !s.current)).toMatchObject({ id: await sessionIdOf(phone), current: false });
    expect(new Date(mine.createdAt as string).getTime()).not.toBeNaN();
  });

  it("leaves out ended sessions and those of an older session version (a password change ends them)", async () => {
    const { agent } = await team();
    const keep = await sessionCookie(agent);
    const other = await sessionCookie(agent);
    const res = await changePassword(
      makeRequest("/api/users/password", {
        method: "PATCH",
        body: { currentPassword: PASSWORD, newPassword: "another-good-password" },
        headers: { cookie: keep },
      }),
      params(),
    );
    expect(res.status).toBe(200);
    const fresh = cookieFrom(res);
    // The session asking stays (the same record, with a fresh cookie); the other ended.
    expect(await sessionIdOf(fresh)).toBe(await sessionIdOf(keep));
    expect(await signedIn(other)).toBe(false);
    const { body } = await readJson(await get(listSessions, "/api/users/sessions", fresh));
    expect((body as unknown as { id: string }[]).map((s) => s.id)).toEqual([await sessionIdOf(keep)]);
  });

  it("writes last seen at most every few minutes, never per request", async () => {
    const { agent } = await team();
    const cookie = await sessionCookie(agent);
    const id = await sessionIdOf(cookie);
    const stale = new Date(Date.now() - LAST_SEEN_EVERY_MS - 60_000);
    await db.userSession.update({ where: { id }, data: { lastSeenAt: stale } });
    sessionUsers.sessions.forget(id);
    expect(await signedIn(cookie)).toBe(true);
    const touched = (await db.userSession.findUniqueOrThrow({ where: { id } })).lastSeenAt;
    expect(touched.getTime()).toBeGreaterThan(stale.getTime());
    // Requests within the period write nothing: the row keeps the time written above.
    const recent = new Date(Date.now() - 60_000);
    await db.userSession.update({ where: { id }, data: { lastSeenAt: recent } });
    sessionUsers.sessions.forget(id);
    for (let i = 0; i < 3; i++) expect(await signedIn(cookie)).toBe(true);
    expect((await db.userSession.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(recent);
  });

  it("needs a signed-in user", async () => {
    expect((await get(listSessions, "/api/users/sessions", "")).status).toBe(401);
  });
});

describe("ending sessions", () => {
  it("DELETE /api/users/sessions/{id} ends that session: its next request is a 401, in another process too", async () => {
    const { agent } = await team();
    const laptop = await sessionCookie(agent);
    const phone = await sessionCookie(agent);
    const phoneId = await sessionIdOf(phone);
    expect((await checkB(tokenOf(phone)))?.id).toBe(agent.id);
    expect(cacheB.sessions.has(phoneId)).toBe(true);
    const res = await del(endSession, `/api/users/sessions/${phoneId}`, laptop, phoneId);
    expect(res.status).toBe(200);
    expect((await get(listSessions, "/api/users/sessions", phone)).status).toBe(401);
    await untilForgotten(phoneId, cacheB.sessions);
    expect(await checkB(tokenOf(phone))).toBeNull();
    // The laptop stays signed in, in both processes.
    expect(await signedIn(laptop)).toBe(true);
    expect((await checkB(tokenOf(laptop)))?.id).toBe(agent.id);
    expect(await db.auditEvent.count({ where: { action: "session.ended", targetId: agent.id } })).toBe(1);
    // Ended already: a 404, as is a made-up id.
    expect((await del(endSession, `/api/users/sessions/${phoneId}`, laptop, phoneId)).status).toBe(404);
    expect((await del(endSession, "/api/users/sessions/nope", laptop, "nope")).status).toBe(404);
  });

  it("another user's session is a 404 and stays live", async () => {
    const { org, agent } = await team();
    const colleague = await createUser(org.id, "agent");
    const theirs = await sessionCookie(colleague);
    const id = await sessionIdOf(theirs);
    expect((await del(endSession, `/api/users/sessions/${id}`, await sessionCookie(agent), id)).status).toBe(404);
    expect(await signedIn(theirs)).toBe(true);
  });

  it("DELETE /api/users/sessions ends every other session and keeps this one", async () => {
    const { agent } = await team();
    const here = await sessionCookie(agent);
    const others = [await sessionCookie(agent), await sessionCookie(agent)];
    const { status, body } = await readJson(await del(endOthers, "/api/users/sessions", here));
    expect({ status, body }).toEqual({ status: 200, body: { ended: 2 } });
    for (const cookie of others) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(here)).toBe(true);
  });

  it("an admin lists and ends a member's sessions; every device of theirs is signed out", async () => {
    const { admin, agent, adminCookie } = await team();
    const devices = [await sessionCookie(agent), await sessionCookie(agent)];
    const listed = await readJson(await get(memberSessions, `/api/users/${agent.id}/sessions`, adminCookie, agent.id));
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const { status, body } = await readJson(
      await del(endMemberSessions, `/api/users/${agent.id}/sessions`, adminCookie, agent.id),
    );
    expect({ status, body }).toEqual({ status: 200, body: { ended: 2 } });
    for (const cookie of devices) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(adminCookie)).toBe(true);
    const event = await db.auditEvent.findFirstOrThrow({
      where: { action: "session.ended_by_admin", targetId: agent.id },
    });
    expect(event.actorId).toBe(admin.id);
  });

  it("another organisation's member is a 404 to an admin; agents and customers may not", async () => {
    const { agent } = await team();
    const other = await team();
    const devices = await sessionCookie(agent);
    for (const handler of [memberSessions, endMemberSessions])
      expect((await get(handler, `/api/users/${agent.id}/sessions`, other.adminCookie, agent.id)).status).toBe(404);
    const peer = await createUser(agent.organizationId, "agent");
    const customer = await createUser(agent.organizationId, "end_user");
    for (const who of [peer, customer])
      expect(
        (await del(endMemberSessions, `/api/users/${agent.id}/sessions`, await sessionCookie(who), agent.id)).status,
      ).toBe(403);
    expect(await signedIn(devices)).toBe(true);
  });

  it("signing out ends this session only", async () => {
    const { agent } = await team();
    const here = await sessionCookie(agent);
    const elsewhere = await sessionCookie(agent);
    expect(
      (await logout(makeRequest("/api/logout", { method: "POST", headers: { cookie: here } }), params())).status,
    ).toBe(200);
    expect(await signedIn(here)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(true);
  });

  it("a cookie naming no session (issued before sessions had records) is signed out", async () => {
    const { agent } = await team();
    const cookie = await sessionCookie(agent);
    await db.userSession.deleteMany({ where: { userId: agent.id } });
    expect(await signedIn(cookie)).toBe(false);
    expect((await listTickets(makeRequest("/api/tickets", { headers: { cookie } }), params())).status).toBe(401);
  });
});

describe("a sign-in from a new device", () => {
  const signIn = (email: string, userAgent: string, address: string) =>
    login(
      makeRequest("/api/login", {
        method: "POST",
        body: { email, password: PASSWORD },
        headers: { "user-agent": userAgent, "x-forwarded-for": address },
      }),
      params(),
    );
  const noticesTo = async (email: string) =>
    (await queuedJobs(MAIL_JOB)).filter((job) => {
      const message = (job.payload as { message: { to: string; subject: string } }).message;
      return message.to === email && message.subject.startsWith("New sign-in");
    });

  it("mails the user once per new device and address, not on the first sign-in ever nor from a known device", async () => {
    await clearJobs();
    const { agent } = await team();
    expect((await signIn(agent.email, FIREFOX, "203.0.113.9")).status).toBe(200);
    expect(await noticesTo(agent.email)).toHaveLength(0);
    expect((await signIn(agent.email, FIREFOX, "203.0.113.9")).status).toBe(200);
    expect(await noticesTo(agent.email)).toHaveLength(0);
    expect((await signIn(agent.email, SAFARI, "198.51.100.4")).status).toBe(200);
    const notices = await noticesTo(agent.email);
    expect(notices).toHaveLength(1);
    const text = (notices[0]!.payload as { message: { text: string } }).message.text;
    expect(text).toContain("Safari on iOS");
    expect(text).toContain("198.51.100.4");
    expect(text).toContain("/profile");
  });
});
