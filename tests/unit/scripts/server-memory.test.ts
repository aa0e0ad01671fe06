import { DEFAULT_SERVER_MAX_HEAP_MB, serverHeapArgs, serverProcessEnv } from "@/scripts/lib/server-memory.mjs";

// The production server's heap cap comes from SERVER_MAX_HEAP_MB; a typo must stop the start
// with a clear message rather than run the server uncapped or with a cap Node reads differently.

describe("serverHeapArgs", () => {
  it("caps the heap at the default when SERVER_MAX_HEAP_MB is unset or blank", () => {
    expect(DEFAULT_SERVER_MAX_HEAP_MB).toBe(256);
    expect(serverHeapArgs({})).toEqual(["--max-old-space-size=256", "--max-semi-space-size=8"]);
    expect(serverHeapArgs({ SERVER_MAX_HEAP_MB: " " })).toEqual([
      "--max-old-space-size=256",
      "--max-semi-space-size=8",
    ]);
  });

  it("takes the configured size in megabytes", () => {
    expect(serverHeapArgs({ SERVER_MAX_HEAP_MB: "512" })).toEqual([
      "--max-old-space-size=512",
      "--max-semi-space-size=8",
    ]);
    expect(serverHeapArgs({ SERVER_MAX_HEAP_MB: "64" })).toEqual([
      "--max-old-space-size=64",
      "--max-semi-space-size=8",
    ]);
  });

  it.each(["256MB", "0.5", "-1", "32", "lots"])("refuses %s with a message naming the setting", (value) => {
    expect(() => serverHeapArgs({ SERVER_MAX_HEAP_MB: value })).toThrow(/SERVER_MAX_HEAP_MB must be a whole number/);
  });
});

describe("serverProcessEnv", () => {
  it("has glibc's allocator give freed memory back, beside the rest of the environment", () => {
    expect(serverProcessEnv({ PORT: "3000" })).toEqual({
      PORT: "3000",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "131072",
    });
  });

  it("keeps an allocator setting the environment already has", () => {
    expect(serverProcessEnv({ MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });
});
