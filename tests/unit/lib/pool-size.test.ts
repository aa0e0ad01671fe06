import { databasePoolSize, DEFAULT_POOL_SIZE } from "@/lib/server/pool-size.mjs";

describe("database connections per server process (DATABASE_POOL_SIZE)", () => {
  it("keeps four by default", () => {
    expect(DEFAULT_POOL_SIZE).toBe(4);
    expect(databasePoolSize({})).toBe(4);
    expect(databasePoolSize({ DATABASE_POOL_SIZE: " " })).toBe(4);
  });

  it("takes the number it is given", () => {
    expect(databasePoolSize({ DATABASE_POOL_SIZE: "1" })).toBe(1);
    expect(databasePoolSize({ DATABASE_POOL_SIZE: " 12 " })).toBe(12);
  });

  it("refuses anything but a whole number of at least one, saying what to do", () => {
    for (const bad of ["0", "-2", "1.5", "ten"])
      expect(() => databasePoolSize({ DATABASE_POOL_SIZE: bad })).toThrow(
        /DATABASE_POOL_SIZE must be a whole number of connections per server process/,
      );
    expect(() => databasePoolSize({ DATABASE_POOL_SIZE: "0" })).toThrow("Unset it for 4.");
  });
});
