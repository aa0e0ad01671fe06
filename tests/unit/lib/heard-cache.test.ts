import { HeardCache } from "@/lib/live/heard-cache";

function listeningCache() {
  const cache = new HeardCache<number>(10);
  cache.listening();
  return cache;
}

describe("HeardCache.forgetAll", () => {
  it("forgets every key and keeps answering once it has read them again", () => {
    const cache = listeningCache();
    cache.keep(cache.begin(), "a", 1);
    cache.keep(cache.begin(), "b", 2);
    cache.forgetAll();
    expect(cache.size).toBe(0);
    expect(cache.isActive).toBe(true);
    cache.keep(cache.begin(), "a", 3);
    expect(cache.get("a")).toBe(3);
  });

  it("refuses a value read before it, whatever its key", () => {
    const cache = listeningCache();
    const before = cache.begin();
    cache.forgetAll();
    cache.keep(before, "a", 1);
    expect(cache.has("a")).toBe(false);
  });
});

describe("HeardCache keys", () => {
  it("forgetting one key leaves the others and refuses only that key's reads in flight", () => {
    const cache = listeningCache();
    cache.keep(cache.begin(), "a", 1);
    const before = cache.begin();
    cache.forget("b");
    cache.keep(before, "b", 2);
    cache.keep(before, "c", 3);
    expect([cache.get("a"), cache.has("b"), cache.get("c")]).toEqual([1, false, 3]);
  });
});
