import { SessionUserCache } from "@/lib/auth/session-user-cache";
import type { SessionUser } from "@/lib/schemas/session-user";

const user = (id: string, sessionVersion = 0): SessionUser => ({
  id,
  organizationId: "org",
  role: "agent",
  email: `${id}@example.test`,
  fullName: id,
  username: id,
  avatar: null,
  isActive: true,
  availability: "available",
  sessionVersion,
});

function listeningCache(max?: number) {
  const cache = new SessionUserCache(max);
  cache.listening();
  return cache;
}

describe("SessionUserCache", () => {
  it("answers nothing and keeps nothing until the process listens", () => {
    const cache = new SessionUserCache();
    expect(cache.begin()).toBeNull();
    cache.store(cache.begin(), user("a"));
    expect(cache.get("a")).toBeUndefined();
    cache.listening();
    cache.store(cache.begin(), user("a"));
    expect(cache.get("a")).toMatchObject({ id: "a" });
  });

  it("keeps a frozen copy, so one request cannot change the user for the next", () => {
    const cache = listeningCache();
    const row = user("a");
    cache.store(cache.begin(), row);
    expect(Object.isFrozen(cache.get("a"))).toBe(true);
    expect(Object.isFrozen(row)).toBe(false);
  });

  it("refuses a row read before the user was forgotten, keeps one read after", () => {
    const cache = listeningCache();
    const before = cache.begin();
    cache.forget("a");
    cache.store(before, user("a", 0));
    expect(cache.has("a")).toBe(false);
    const after = cache.begin();
    cache.store(after, user("a", 1));
    expect(cache.get("a")?.sessionVersion).toBe(1);
  });

  it("a change of another user does not stop this one being kept", () => {
    const cache = listeningCache();
    const ticket = cache.begin();
    cache.forget("b");
    cache.store(ticket, user("a"));
    expect(cache.has("a")).toBe(true);
  });

  it("forgets everyone when the connection is lost, and refuses reads begun before it came back", () => {
    const cache = listeningCache();
    cache.store(cache.begin(), user("a"));
    const inFlight = cache.begin();
    cache.lost();
    expect(cache.size).toBe(0);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.begin()).toBeNull();
    cache.listening();
    cache.store(inFlight, user("a"));
    expect(cache.has("a")).toBe(false);
  });

  it("drops the least recently used user when full", () => {
    const cache = listeningCache(2);
    cache.store(cache.begin(), user("a"));
    cache.store(cache.begin(), user("b"));
    cache.get("a");
    cache.store(cache.begin(), user("c"));
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });

  it("bounds its list of forgotten users by refusing every read in flight", () => {
    const cache = listeningCache(2);
    const inFlight = cache.begin();
    for (const id of ["x", "y", "z"]) cache.forget(id);
    cache.store(inFlight, user("a"));
    expect(cache.has("a")).toBe(false);
    cache.store(cache.begin(), user("a"));
    expect(cache.has("a")).toBe(true);
  });

  it("size 0 turns it off", () => {
    const cache = listeningCache(0);
    cache.store(cache.begin(), user("a"));
    expect(cache.size).toBe(0);
  });
});
