/** @jest-environment node */
import { targetClock, type Pause } from "@/lib/sla/business-time";
import { at, calendar, LONDON_OFFICE } from "./calendars";

const pause = (from: string, to: string | null): Pause => ({ from: at(from), to: to === null ? null : at(to) });
const clock = (startedAt: string, minutes: number, pauses: Pause[], now: string, cal = LONDON_OFFICE) => {
  const result = targetClock(cal, { startedAt: at(startedAt), minutes, pauses, now: at(now) });
  return { ...result, dueAt: result.dueAt?.toISOString() ?? null };
};

describe("targetClock", () => {
  it("runs without pauses like adding business minutes, and counts what is used", () => {
    expect(clock("2026-12-04T16:30Z", 480, [], "2026-12-07T10:00Z")).toEqual({
      dueAt: "2026-12-07T16:30:00.000Z",
      paused: false,
      usedMinutes: 90,
      remainingMinutes: 390,
    });
  });

  it("stands still while pending over a weekend and resumes with the time left", () => {
    // Started Fri 15:00 with 4 business hours; pending from Fri 16:00 until Mon 11:00.
    const pending = [pause("2026-12-04T16:00Z", "2026-12-07T11:00Z")];
    expect(clock("2026-12-04T15:00Z", 240, [pause("2026-12-04T16:00Z", null)], "2026-12-05T12:00Z")).toEqual({
      dueAt: null,
      paused: true,
      usedMinutes: 60,
      remainingMinutes: 180,
    });
    expect(clock("2026-12-04T15:00Z", 240, pending, "2026-12-07T12:00Z")).toEqual({
      dueAt: "2026-12-07T14:00:00.000Z",
      paused: false,
      usedMinutes: 120,
      remainingMinutes: 120,
    });
  });

  it("recomputes a target changed mid-way from the same start and pauses", () => {
    const pending = [pause("2026-12-04T16:00Z", "2026-12-07T11:00Z")];
    // The priority drops: 8 business hours instead of 4. Mon 11:00 + 7 h left = Tue 10:00.
    expect(clock("2026-12-04T15:00Z", 480, pending, "2026-12-07T12:00Z").dueAt).toBe("2026-12-08T10:00:00.000Z");
    // The priority rises past what is already used: due (and breached) when the new target ran out.
    expect(clock("2026-12-04T15:00Z", 90, pending, "2026-12-07T12:00Z")).toEqual({
      dueAt: "2026-12-07T11:30:00.000Z",
      paused: false,
      usedMinutes: 120,
      remainingMinutes: 0,
    });
  });

  it("is exact with pauses that start before the clock, overlap, or fall outside hours", () => {
    const pauses = [
      pause("2026-12-03T10:00Z", "2026-12-04T15:30Z"),
      pause("2026-12-04T15:45Z", "2026-12-04T16:15Z"),
      pause("2026-12-04T16:00Z", "2026-12-04T16:30Z"),
      pause("2026-12-05T10:00Z", "2026-12-06T10:00Z"),
      pause("2026-12-07T10:00Z", "2026-12-07T10:00Z"),
    ];
    // Counting: 15:30-15:45 and 16:30-17:00 on Friday (45 minutes), then from Monday 09:00.
    expect(clock("2026-12-04T15:00Z", 120, pauses, "2026-12-07T09:30Z")).toEqual({
      dueAt: "2026-12-07T10:15:00.000Z",
      paused: false,
      usedMinutes: 75,
      remainingMinutes: 45,
    });
  });

  it("is not paused at the very moment a pause ends, and is while it runs", () => {
    const pauses = [pause("2026-12-07T10:00Z", "2026-12-07T11:00Z")];
    expect(clock("2026-12-07T09:00Z", 120, pauses, "2026-12-07T11:00Z").paused).toBe(false);
    expect(clock("2026-12-07T09:00Z", 120, pauses, "2026-12-07T10:00Z").paused).toBe(true);
    expect(clock("2026-12-07T09:00Z", 120, pauses, "2026-12-07T11:00Z").dueAt).toBe("2026-12-07T12:00:00.000Z");
  });

  it("keeps a due time used up at closing time at closing time, even after a later pause", () => {
    // 8 hours from Friday 09:00 run out at Friday 17:00; the ticket went pending on Saturday.
    expect(
      clock("2026-12-04T09:00Z", 480, [pause("2026-12-05T10:00Z", "2026-12-07T09:30Z")], "2026-12-07T10:00Z"),
    ).toEqual({ dueAt: "2026-12-04T17:00:00.000Z", paused: false, usedMinutes: 510, remainingMinutes: 0 });
  });

  it("resumes across a daylight-saving change with the time left", () => {
    const berlin = calendar("Europe/Berlin", { fri: [["09:00", "17:00"]], mon: [["09:00", "17:00"]] });
    const pauses = [pause("2026-03-27T16:00+01:00", "2026-03-30T09:30+02:00")];
    expect(clock("2026-03-27T15:00+01:00", 180, pauses, "2026-03-30T10:00+02:00", berlin)).toEqual({
      // One hour used on Friday (CET), two left from Monday 09:30 (CEST): due 11:30 CEST.
      dueAt: "2026-03-30T09:30:00.000Z",
      paused: false,
      usedMinutes: 90,
      remainingMinutes: 90,
    });
  });

  it("has no due time on a calendar that never opens, or after a pause that never ends", () => {
    expect(clock("2026-12-07T09:00Z", 60, [], "2026-12-07T10:00Z", calendar("UTC", {})).dueAt).toBeNull();
    expect(clock("2026-12-07T09:00Z", 60, [pause("2026-12-08T09:00Z", null)], "2026-12-07T09:30Z")).toEqual({
      dueAt: "2026-12-07T10:00:00.000Z",
      paused: false,
      usedMinutes: 30,
      remainingMinutes: 30,
    });
    expect(clock("2026-12-07T09:00Z", 600, [pause("2026-12-07T12:00Z", null)], "2026-12-07T10:00Z").dueAt).toBeNull();
  });
});
