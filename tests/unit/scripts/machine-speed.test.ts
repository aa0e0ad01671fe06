/**
 * @jest-environment node
 */
import { fixedWorkMs, stealPercent } from "@/bench/lib/machine-speed.mjs";

// A bench run says how fast the machine was while it measured: the CPU time of a fixed piece of
// work at its start and end, and the share of the cores' time the hypervisor took (steal).

describe("machine speed", () => {
  it("times the fixed work in this process's CPU milliseconds, the least of its tries", () => {
    const before = process.cpuUsage();
    const ms = fixedWorkMs(3);
    const used = process.cpuUsage(before);
    expect(ms).toBeGreaterThan(0);
    // Three tries used at least three times the least of them.
    expect((used.user + used.system) / 1000).toBeGreaterThanOrEqual(3 * ms - 1);
  });

  it("gives steal as a share of the cores' time between two readings", () => {
    expect(stealPercent({ steal: 10, total: 1000 }, { steal: 30, total: 2000 })).toBe(2);
    expect(stealPercent({ steal: 10, total: 1000 }, { steal: 10, total: 1000 })).toBeNull();
    expect(stealPercent(null, { steal: 10, total: 1000 })).toBeNull();
  });
});
