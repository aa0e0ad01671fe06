/**
 * @jest-environment node
 */
import { spawn } from "node:child_process";
import { machineCpu, processCpuMs, watchCpu } from "@/bench/lib/process-cpu.mjs";

// The bench divides the CPU a run used by its requests, for the server's whole process tree (a
// production server forks its workers): a busy child must count, and the machine's figure must
// hold at least what the server used.

// A process that says "busy" once it has used 400 ms of CPU, then spins until killed. A test
// waiting for it takes longer the busier the machine.
const SPIN = "const t = process.cpuUsage(); while (process.cpuUsage(t).user < 400000); console.log('busy'); for (;;);";
const SPIN_TIMEOUT_MS = 30_000;

describe("watchCpu", () => {
  it(
    "counts a busy child of the server's process as the server's CPU, per request",
    async () => {
      // A stand-in server: this process, whose child spins until killed.
      const cpu = watchCpu(process.pid);
      // This process waits without using any CPU meanwhile.
      const child = spawn(process.execPath, ["-e", SPIN], { stdio: ["ignore", "pipe", "ignore"] });
      try {
        await new Promise((resolve) => child.stdout.once("data", resolve));
        const used = processCpuMs(child.pid!);
        const perRequest = cpu.stop(10)!;
        // 10 requests: at least a tenth of what the child used each (this process adds a little).
        expect(perRequest.server).toBeGreaterThanOrEqual(used / 10 - 1);
        expect(perRequest.machine).toBeGreaterThanOrEqual(perRequest.server - 2);
        expect(perRequest.machineBusyPercent).toBeGreaterThan(0);
      } finally {
        child.kill("SIGKILL");
      }
    },
    SPIN_TIMEOUT_MS,
  );

  it(
    "counts the database server's processes as the database's CPU, apart from the server's",
    async () => {
      // A stand-in database server: a process of its own whose child spins, as a connection's would.
      const parent = `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(SPIN)}], { stdio: ['ignore', 'inherit', 'ignore'] }); process.on('SIGTERM', () => { c.kill('SIGKILL'); process.exit(); }); setInterval(() => {}, 1000);`;
      const database = spawn(process.execPath, ["-e", parent], { stdio: ["ignore", "pipe", "ignore"] });
      // The server: a process that waits without using any CPU meanwhile.
      const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      const cpu = watchCpu(server.pid, database.pid!);
      try {
        await new Promise((resolve) => database.stdout.once("data", resolve));
        const perRequest = cpu.stop(10)!;
        // At least a tenth of the 400 ms the connection used, and none of it the server's.
        expect(perRequest.database).toBeGreaterThanOrEqual(40 - 1);
        expect(perRequest.server).toBeLessThan(perRequest.database! / 4);
        expect(perRequest.rest).toBeCloseTo(perRequest.databaseAndRest - perRequest.database!, 5);
      } finally {
        database.kill("SIGTERM");
        server.kill("SIGKILL");
      }
    },
    SPIN_TIMEOUT_MS,
  );

  it("leaves the database's share out when its server is not on this machine", () => {
    const perRequest = watchCpu(process.pid).stop(10)!;
    expect(perRequest.database).toBeNull();
    expect(perRequest.rest).toBeNull();
  });

  it("reads the cores' time and its stolen part from /proc/stat", () => {
    const ticks = machineCpu()!;
    expect(ticks.total).toBeGreaterThan(0);
    expect(ticks.steal).toBeGreaterThanOrEqual(0);
    expect(ticks.steal).toBeLessThanOrEqual(ticks.total);
  });

  it("reports nothing for a run without requests", () => {
    expect(watchCpu(process.pid).stop(0)).toBeNull();
  });
});
