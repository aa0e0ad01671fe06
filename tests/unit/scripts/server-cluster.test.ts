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
