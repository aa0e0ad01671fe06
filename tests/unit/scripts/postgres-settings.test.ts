import { postgresSettings, settingsArgs } from "@/scripts/lib/postgres-settings.mjs";

// The embedded database is sized from the machine, so a fresh clone on the same kind of
// machine runs the same database, and a small machine still gets workable floors.

const GB = 1024 ** 3;

it("gives the benchmarks a quarter of memory and the product's embedded database an eighth", () => {
  const machine = { memoryBytes: 24 * GB, cores: 2 };
  expect(postgresSettings("bench", machine)).toMatchObject({
    shared_buffers: "6144MB",
    effective_cache_size: "14745MB",
    max_parallel_workers: "2",
    max_parallel_workers_per_gather: "1",
    jit: "off",
  });
  expect(postgresSettings("product", machine)).toMatchObject({
    shared_buffers: "3072MB",
    effective_cache_size: "9830MB",
  });
});

it("keeps floors on a small machine and caps on a large one", () => {
  expect(postgresSettings("product", { memoryBytes: 1 * GB, cores: 1 })).toMatchObject({
    shared_buffers: "128MB",
    work_mem: "4MB",
    maintenance_work_mem: "64MB",
    max_parallel_workers_per_gather: "1",
  });
  expect(postgresSettings("bench", { memoryBytes: 512 * GB, cores: 64 })).toMatchObject({
    shared_buffers: "8192MB",
    work_mem: "64MB",
    maintenance_work_mem: "1024MB",
    max_parallel_workers_per_gather: "32",
  });
});

it("never trades durability for speed", () => {
  const settings = postgresSettings("bench", { memoryBytes: 24 * GB, cores: 2 });
  expect(settings).not.toHaveProperty("fsync");
  expect(settings).not.toHaveProperty("synchronous_commit");
  expect(settings).not.toHaveProperty("full_page_writes");
  expect(settingsArgs({ jit: "off", work_mem: "4MB" })).toEqual(["-c", "jit=off", "-c", "work_mem=4MB"]);
});
