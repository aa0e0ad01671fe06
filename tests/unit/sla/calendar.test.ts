/** @jest-environment node */
import {
  ALWAYS_OPEN,
  isCalendarDate,
  isInterval,
  isTimeOfDay,
  isTimeZone,
  minutesOf,
  overlapping,
  WEEKDAYS,
} from "@/lib/sla/calendar";

describe("calendar checks", () => {
  it("accepts times of day from 00:00 to 24:00 and nothing else", () => {
    for (const ok of ["00:00", "09:05", "13:30", "23:59", "24:00"]) expect(isTimeOfDay(ok)).toBe(true);
    for (const bad of ["24:01", "25:00", "9:00", "09:60", "0900", "09:00:00", " 09:00", "", null, 540]) {
      expect(isTimeOfDay(bad)).toBe(false);
    }
  });

  it("reads a time of day as minutes since midnight", () => {
    expect(minutesOf("00:00")).toBe(0);
    expect(minutesOf("13:30")).toBe(810);
    expect(minutesOf("24:00")).toBe(1440);
    expect(() => minutesOf("24:30")).toThrow(RangeError);
  });

  it("accepts an interval only when it ends after it starts", () => {
    expect(isInterval(["09:00", "17:30"])).toBe(true);
    expect(isInterval(["22:00", "24:00"])).toBe(true);
    expect(isInterval(["17:00", "09:00"])).toBe(false);
    expect(isInterval(["09:00", "09:00"])).toBe(false);
    expect(isInterval(["24:00", "24:00"])).toBe(false);
    expect(isInterval(["09:00", "9:30"])).toBe(false);
  });

  it("names the first overlapping pair of a day, in any order given; touching is not overlapping", () => {
    expect(
      overlapping([
        ["09:00", "12:00"],
        ["13:00", "17:30"],
      ]),
    ).toBeNull();
    expect(
      overlapping([
        ["09:00", "12:00"],
        ["12:00", "13:00"],
      ]),
    ).toBeNull();
    expect(overlapping([])).toBeNull();
    expect(
      overlapping([
        ["13:00", "17:00"],
        ["09:00", "12:00"],
        ["11:30", "12:30"],
      ]),
    ).toEqual([
      ["09:00", "12:00"],
      ["11:30", "12:30"],
    ]);
    expect(
      overlapping([
        ["08:00", "24:00"],
        ["10:00", "11:00"],
      ]),
    ).toEqual([
      ["08:00", "24:00"],
      ["10:00", "11:00"],
    ]);
  });

  it("accepts a holiday's date only when it is a real YYYY-MM-DD date", () => {
    for (const ok of ["2026-12-25", "2028-02-29", "2000-02-29", "2026-01-01"]) expect(isCalendarDate(ok)).toBe(true);
    for (const bad of ["2027-02-29", "1900-02-29", "2026-13-01", "2026-12-32", "2026-12-5", "25/12/2026", "", null]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  it("knows every time zone Intl knows, UTC included, and no other", () => {
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["UTC", "Europe/London", "Asia/Kathmandu", "America/Argentina/Buenos_Aires", "Etc/GMT+5"]) {
      expect(isTimeZone(zone)).toBe(true);
    }
    for (const bad of ["Mars/Olympus_Mons", "Europe/Londn", "", "+25:00", null, 1]) expect(isTimeZone(bad)).toBe(false);
  });

  it("has a 24/7 calendar in UTC without holidays", () => {
    expect(ALWAYS_OPEN.timeZone).toBe("UTC");
    expect(ALWAYS_OPEN.holidays).toEqual([]);
    for (const day of WEEKDAYS) expect(ALWAYS_OPEN.hours[day]).toEqual([["00:00", "24:00"]]);
  });
});
