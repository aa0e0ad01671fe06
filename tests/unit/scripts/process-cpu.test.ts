/**
 * @jest-environment node
 */
import { spawn } from "node:child_process";
import { processCpuMs, watchCpu } from "@/bench/lib/process-cpu.mjs";

// The bench divides the CPU a run used by its requests, for the server's whole process tree (a
// production server forks its workers): a busy child must count, and the machine's figure must
// hold at least what the server used.

describe("watchCpu", () => {
  it("counts a busy child of the server's process as the server's CPU, per request", async () => {
    // A stand-in server: this process, whose child spins until killed.
    const cpu = watchCpu(process.pid);
    // It says so once it has used 400 ms, while this process waits without using any.
    const spin =
      "const t = process.cpuUsage(); while (process.cpuUsage(t).user < 400000); console.log('busy'); for (;;);";
    const child = spawn(process.execPath, ["-e", spin], { stdio: ["ignore", "pipe", "ignore"] });
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
  });

  it("reports nothing for a run without requests", () => {
    expect(watchCpu(process.pid).stop(0)).toBeNull();
  });
});
