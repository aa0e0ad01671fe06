/** @jest-environment node */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CONFIG_PROBLEM_EXIT } from "@/lib/server/exit-codes.mjs";
import { restartDelay } from "@/scripts/lib/server-cluster.mjs";

// A worker that keeps dying young must not be restarted in a tight loop (the CPU is the other
// workers'), yet a worker that crashed after a healthy run is replaced at once.

describe("restartDelay", () => {
  it("replaces a worker that ran healthily at once", () => {
    expect(restartDelay(0, 30_000)).toBe(0);
    expect(restartDelay(10_000, 60 * 60_000)).toBe(0);
  });

  it("doubles the pause while replacements keep dying young, up to 10 s", () => {
    const pauses: number[] = [];
    let pause = 0;
    for (let i = 0; i < 10; i++) pauses.push((pause = restartDelay(pause, 50)));
    expect(pauses).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000, 10_000]);
  });

  it("starts doubling again from the beginning after a healthy run", () => {
    expect(restartDelay(restartDelay(10_000, 45_000), 1_000)).toBe(100);
  });
});

// A server that refuses its configuration must stop with the message, not be restarted forever:
// Next may run the check (instrumentation.ts) after the port is open, so here the worker refuses
// on its first request, when the server is up.
describe("a worker that refuses to start on its configuration", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "server-cluster-"));
    writeFileSync(
      path.join(dir, "server.mjs"),
      `import cluster from "node:cluster";
      import { createServer } from "node:http";
      import { runPrimary } from ${JSON.stringify(path.resolve("scripts/lib/server-cluster.mjs"))};
      import { CONFIG_PROBLEM_EXIT } from ${JSON.stringify(path.resolve("lib/server/exit-codes.mjs"))};
      if (cluster.isPrimary) runPrimary({ count: 2, name: "Test server", onReady: ({ port }) => console.log("ready " + port) });
      else createServer(() => {
        console.error("Ticketry cannot start:\\n- a setting is wrong");
        process.exit(CONFIG_PROBLEM_EXIT);
      }).listen(0, "127.0.0.1");`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("stops the whole server with its message and exit code", async () => {
    const primary = spawn(process.execPath, [path.join(dir, "server.mjs")], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    primary.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    try {
      const port = await new Promise<string>((resolve) =>
        primary.stdout.on("data", (chunk: Buffer) => {
          const ready = /ready (\d+)/.exec(chunk.toString());
          if (ready) resolve(ready[1]);
        }),
      );
      await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
      const outcome = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 15_000).unref()),
      ]);
      expect(outcome).toBe(CONFIG_PROBLEM_EXIT);
      expect(output).toContain("Ticketry cannot start:\n- a setting is wrong");
      expect(output).toContain("refused to start on its configuration; stopping");
    } finally {
      primary.kill("SIGKILL");
    }
  }, 30_000);
});
