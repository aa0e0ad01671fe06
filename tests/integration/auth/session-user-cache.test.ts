import net from "node:net";
import { GET as check } from "@/app/api/auth/check/route";
import { POST as logout } from "@/app/api/logout/route";
import { PATCH as changePassword } from "@/app/api/users/password/route";
import { PATCH as updateProfile } from "@/app/api/users/profile/route";
import { PATCH as updateUser } from "@/app/api/users/[id]/route";
import { sessionChecker } from "@/lib/auth/session";
import { decodeSession } from "@/lib/auth/session-cookie";
import { SessionUserCache } from "@/lib/auth/session-user-cache";
import { sessionUsers } from "@/lib/auth/session-users";
import { HeardCache } from "@/lib/live/heard-cache";
import { Listener } from "@/lib/live/listener";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";
import { createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { until, untilForgotten } from "../helpers/session-users";

// Two processes in one: "A" is this process's own session check (the route handlers), "B" a
// second cache with its own LISTEN connection, as another server process or instance holds.
// A change made through A must end the session in B as soon as B hears the commit's NOTIFY,
// and B must never keep (or put back) a user that changed after it read them.

const cacheB = new SessionUserCache();
const noEvents = { dispatch: () => {}, resyncAll: () => {} };
const listenerB = new Listener({ users: cacheB, events: noEvents, counts: new HeardCache(100) });
const checkB = sessionChecker(cacheB, listenerB);
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

beforeAll(async () => {
  await resetDatabase();
  await listenerB.ensure();
  await until(() => cacheB.isActive, "B listens");
});
afterAll(() => listenerB.stop());

async function signedIn() {
  const org = await createOrg("pro");
  const admin = await createUser(org.id, "org_admin");
  const user = await createUser(org.id, "agent");
  const cookie = await sessionCookie(user);
  // Both processes have served this user once: each holds them now.
  expect((await checkB(tokenOf(cookie)))?.id).toBe(user.id);
  expect(cacheB.has(user.id)).toBe(true);
  return { org, admin, user, cookie, adminCookie: await sessionCookie(admin) };
}

const whoAmI = async (cookie: string) =>
  (await readJson(await check(makeRequest("/api/auth/check", { headers: { cookie } }), params()))).body;

describe("a change made in one process ends the session in another", () => {
  it("logout (of this session: the user's other session stays signed in, in both processes)", async () => {
    const { user, cookie } = await signedIn();
    const other = await sessionCookie(user);
    expect((await whoAmI(cookie)).isAuthenticated).toBe(true);
    const sessionId = (await decodeSession(tokenOf(cookie)))!.sessionId;
    expect(cacheB.sessions.has(sessionId)).toBe(true);
    const res = await logout(makeRequest("/api/logout", { method: "POST", headers: { cookie } }), params());
    expect(res.status).toBe(200);
    // The process that wrote forgets at once, without waiting for its own notification.
    expect(sessionUsers.sessions.has(sessionId)).toBe(false);
    expect((await whoAmI(cookie)).isAuthenticated).toBe(false);
    await untilForgotten(sessionId, cacheB.sessions);
    expect(await checkB(tokenOf(cookie))).toBeNull();
    expect((await checkB(tokenOf(other)))?.id).toBe(user.id);
    expect((await whoAmI(other)).isAuthenticated).toBe(true);
  });

  it("password change", async () => {
    const { user, cookie } = await signedIn();
    const res = await changePassword(
      makeRequest("/api/users/password", {
        method: "PATCH",
        body: { currentPassword: PASSWORD, newPassword: "a-brand-new-one" },
        headers: { cookie },
      }),
      params(),
    );
    expect(res.status).toBe(200);
    await untilForgotten(user.id, cacheB);
    expect(await checkB(tokenOf(cookie))).toBeNull();
  });

  it("deactivation and role change by an admin", async () => {
    const { user, cookie, admin, adminCookie } = await signedIn();
    const deactivate = await updateUser(
      makeRequest(`/api/users/${user.id}`, {
        method: "PATCH",
        body: { isActive: false },
        headers: { cookie: adminCookie },
      }),
      params({ id: user.id }),
    );
    expect(deactivate.status).toBe(200);
    await untilForgotten(user.id, cacheB);
    expect(await checkB(tokenOf(cookie))).toBeNull();

    const other = await createUser(admin.organizationId, "agent");
    const otherCookie = await sessionCookie(other);
    expect((await checkB(tokenOf(otherCookie)))?.role).toBe("agent");
    const promote = await updateUser(
      makeRequest(`/api/users/${other.id}`, {
        method: "PATCH",
        body: { role: "org_admin" },
        headers: { cookie: adminCookie },
      }),
      params({ id: other.id }),
    );
    expect(promote.status).toBe(200);
    await untilForgotten(other.id, cacheB);
    expect(await checkB(tokenOf(otherCookie))).toBeNull();
  });

  it("a new name is shown by the other process (the session itself stays valid)", async () => {
    const { user, cookie } = await signedIn();
    const res = await updateProfile(
      makeRequest("/api/users/profile", {
        method: "PATCH",
        body: { fullName: "Renamed Person", email: user.email },
        headers: { cookie },
      }),
      params(),
    );
    expect(res.status).toBe(200);
    await untilForgotten(user.id, cacheB);
    expect((await checkB(tokenOf(cookie)))?.fullName).toBe("Renamed Person");
  });

  it("a deleted account (its organisation deleted with it)", async () => {
    const { org, user, cookie } = await signedIn();
    await db.organization.delete({ where: { id: org.id } });
    await untilForgotten(user.id, cacheB);
    expect(await checkB(tokenOf(cookie))).toBeNull();
  });

  it("a change that does not matter to a session keeps the user cached", async () => {
    const { user } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: user.passwordHash } });
    // Any notice for this user would have been sent at that commit: a later one proves it was not.
    const marker = await createUser(user.organizationId, "agent");
    expect((await checkB(tokenOf(await sessionCookie(marker))))?.id).toBe(marker.id);
    await db.user.update({ where: { id: marker.id }, data: { fullName: "Marker" } });
    await untilForgotten(marker.id, cacheB);
    expect(cacheB.has(user.id)).toBe(true);
  });
});

describe("no stale user comes back", () => {
  it("a read that began before a revocation cannot store its row after the notification", async () => {
    const { user, cookie } = await signedIn();
    cacheB.forget(user.id);
    // A request in B starts reading the user ...
    const ticket = cacheB.begin();
    const stale = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: SESSION_USER_SELECT,
    });
    // ... the user logs out elsewhere, and B hears of it before that request finishes ...
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    await until(() => cacheB.begin()! > ticket!, "B hears the logout");
    // ... so the row it read is not kept, and the old cookie is refused.
    cacheB.store(ticket, stale);
    expect(cacheB.has(user.id)).toBe(false);
    expect(await checkB(tokenOf(cookie))).toBeNull();
  });
});

describe("a lost LISTEN connection", () => {
  it("empties the cache and bypasses it until listening again", async () => {
    // A third process whose way to the database goes through a link the test can cut.
    const link = await tcpLink(new URL(process.env.DATABASE_URL!));
    const cacheC = new SessionUserCache();
    const listenerC = new Listener({ users: cacheC, events: noEvents, counts: new HeardCache(100) }, link.url);
    const checkC = sessionChecker(cacheC, listenerC);
    try {
      await listenerC.ensure();
      await until(() => cacheC.isActive, "C listens");
      const { user, cookie } = await signedIn();
      expect((await checkC(tokenOf(cookie)))?.id).toBe(user.id);
      expect(cacheC.has(user.id)).toBe(true);

      await link.cut();
      await until(() => !cacheC.isActive, "C notices its connection is gone");
      expect(cacheC.size).toBe(0);

      // Meanwhile a change C cannot hear of: C reads the database each time and keeps nothing.
      await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
      expect(await checkC(tokenOf(cookie))).toBeNull();
      const fresh = await sessionCookie({ id: user.id, sessionVersion: user.sessionVersion + 1 });
      expect((await checkC(tokenOf(fresh)))?.id).toBe(user.id);
      expect(cacheC.size).toBe(0);

      // The link is back: C reconnects by itself (with backoff) and the cache answers again.
      await link.restore();
      await until(() => cacheC.isActive, "C listens again");
      expect((await checkC(tokenOf(fresh)))?.id).toBe(user.id);
      expect(cacheC.has(user.id)).toBe(true);
    } finally {
      await listenerC.stop();
      await link.cut();
    }
  });

  it("a database-side end of the connection counts the same", async () => {
    const { user } = await signedIn();
    await db.$queryRaw`SELECT pg_terminate_backend(${listenerB.backendPid}::int)`;
    await until(() => !cacheB.isActive, "B notices its connection is gone");
    expect(cacheB.has(user.id)).toBe(false);
    await until(() => cacheB.isActive, "B listens again");
  });
});

/** A TCP link to the database that the test can cut (every socket closed, new ones refused) and restore. */
async function tcpLink(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const close = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", close);
          socket.on("close", close);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
    restore: listen,
  };
}
