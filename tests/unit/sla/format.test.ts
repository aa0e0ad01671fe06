/** @jest-environment node */
import { formatBusinessDuration, formatDueMoment } from "@/lib/sla/business-time";
import { at } from "./calendars";

describe("formatBusinessDuration", () => {
  it.each([
    [45, "45 business minutes"],
    [1, "1 business minute"],
    [60, "1 business hour"],
    [180, "3 business hours"],
    [150, "2 business hours 30 minutes"],
    [61, "1 business hour 1 minute"],
    [525_600, "8760 business hours"],
  ])("%d minutes read %s", (minutes, text) => {
    expect(formatBusinessDuration(minutes)).toBe(text);
  });

  it("rounds up, so a due time still ahead never reads 0 business minutes", () => {
    expect(formatBusinessDuration(0.01)).toBe("1 business minute");
    expect(formatBusinessDuration(59.5)).toBe("1 business hour");
    expect(formatBusinessDuration(0)).toBe("0 business minutes");
  });
});

describe("formatDueMoment", () => {
  // Sunday 6 December 2026, 12:00 in London.
  const now = at("2026-12-06T12:00Z");

  it("says Today and Tomorrow on the viewer's clock, 24-hour", () => {
    expect(formatDueMoment(at("2026-12-06T18:05Z"), now, "Europe/London")).toBe("Today 18:05");
    expect(formatDueMoment(at("2026-12-07T10:30Z"), now, "Europe/London")).toBe("Tomorrow 10:30");
    expect(formatDueMoment(at("2026-12-06T23:30Z"), now, "Europe/London")).toBe("Today 23:30");
  });

  it("names the weekday within the coming six days and the date beyond", () => {
    expect(formatDueMoment(at("2026-12-08T10:30Z"), now, "Europe/London")).toBe("Tue 10:30");
    expect(formatDueMoment(at("2026-12-12T09:00Z"), now, "Europe/London")).toBe("Sat 09:00");
    expect(formatDueMoment(at("2026-12-13T09:00Z"), now, "Europe/London")).toBe("Sun 13 Dec, 09:00");
    expect(formatDueMoment(at("2026-12-14T10:30Z"), now, "Europe/London")).toBe("Mon 14 Dec, 10:30");
    expect(formatDueMoment(at("2027-01-05T10:30Z"), now, "Europe/London")).toBe("Tue 5 Jan 2027, 10:30");
    expect(formatDueMoment(at("2026-12-04T17:00Z"), now, "Europe/London")).toBe("Fri 4 Dec, 17:00");
  });

  it("uses the viewer's zone, not the calendar's or UTC's", () => {
    // 23:30 UTC on Sunday is already Monday 08:30 in Tokyo, where "now" is Sunday 21:00.
    expect(formatDueMoment(at("2026-12-06T23:30Z"), now, "Asia/Tokyo")).toBe("Tomorrow 08:30");
    expect(formatDueMoment(at("2026-12-07T04:45Z"), now, "Asia/Kathmandu")).toBe("Tomorrow 10:30");
    expect(formatDueMoment(at("2026-12-07T04:00Z"), now, "America/New_York")).toBe("Today 23:00");
  });
});
