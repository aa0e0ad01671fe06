/** @jest-environment node */
import pg from "pg";
import { readTypes, timestampAsUtc, toParameter } from "@/lib/server/pg-values";

describe("values of raw SQL (queryRows)", () => {
  it("reads a timestamp as the UTC instant it holds, not as the process's local time", () => {
    expect(readTypes.getTypeParser(1114)).toBe(timestampAsUtc);
    expect(timestampAsUtc("2026-01-02 03:04:05.678").toISOString()).toBe("2026-01-02T03:04:05.678Z");
    expect(timestampAsUtc("2026-01-02 03:04:05").toISOString()).toBe("2026-01-02T03:04:05.000Z");
  });

  it("reads bigint (a count or a sum) and numeric (an average) as numbers", () => {
    for (const oid of [20, 1700]) {
      expect(readTypes.getTypeParser(oid)("9007199254740991")).toBe(9_007_199_254_740_991);
      expect(readTypes.getTypeParser(oid)("0")).toBe(0);
    }
    expect(readTypes.getTypeParser(1700)("2.50")).toBe(2.5);
  });

  it("reads every other type as node-postgres does", () => {
    for (const oid of [21, 23, 16, 114, 1184, 1009])
      expect(readTypes.getTypeParser(oid)).toBe(pg.types.getTypeParser(oid));
  });

  it("sends a Date as its UTC instant and a bigint as its digits, anything else as it is", () => {
    expect(toParameter(new Date("2026-06-30T23:59:59.123Z"))).toBe("2026-06-30T23:59:59.123Z");
    expect(toParameter(12345678901234567890n)).toBe("12345678901234567890");
    const list = ["a"];
    expect(toParameter(list)).toBe(list);
    expect(toParameter(null)).toBeNull();
  });
});
