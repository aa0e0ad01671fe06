import { uuidv7 } from "@/lib/server/ids";

describe("uuidv7", () => {
  it("is a version 7, variant 10 UUID", () => {
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("starts with the time in milliseconds, so ids sort by creation time", () => {
    const at = Date.UTC(2026, 10, 23, 12, 0, 0, 123);
    expect(parseInt(uuidv7(at).replace(/-/g, "").slice(0, 12), 16)).toBe(at);
    const [early, late] = [uuidv7(at), uuidv7(at + 1)];
    expect([late, early].sort()).toEqual([early, late]);
  });

  it("differs on every call within the same millisecond", () => {
    const at = Date.now();
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7(at))).size).toBe(1000);
  });
});
