import { calendarDraftOf, calendarInput, mondayToWeekdays } from "@/components/settings/sla/calendar-draft";
import { minutesOf, policyDraftOf, policyInput } from "@/components/settings/sla/policy-draft";
import type { CalendarJson, PolicyJson } from "@/components/settings/sla/queries";
import { weekSummary } from "@/components/settings/sla/week-summary";
import { businessCalendarInputSchema } from "@/lib/schemas/business-hours";
import { slaPolicyInputSchema } from "@/lib/schemas/sla-policies";

// The SLA tab's drafts and words: a saved calendar or policy opened in its editor and saved
// unchanged is the same; a week reads on one line; typed hours and minutes are business minutes.

const office = (hours: CalendarJson["hours"]): CalendarJson => ({
  id: "c1",
  name: "London office",
  timeZone: "Europe/London",
  hours,
  holidays: [{ date: "2026-12-25", yearly: true }],
  isDefault: true,
  policies: 0,
  createdAt: "2026-12-06T00:00:00.000Z",
  updatedAt: "2026-12-06T00:00:00.000Z",
});
const closed = { sat: [], sun: [] };
const nineToFive = [["09:00", "17:00"]];

describe("weekSummary", () => {
  it("runs days with the same hours together and lists a split shift's intervals", () => {
    const week = { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive };
    expect(weekSummary({ ...week, fri: nineToFive, ...closed } as never)).toBe("Mon-Fri 09:00-17:00");
    expect(
      weekSummary({
        ...week,
        fri: [
          ["09:00", "12:00"],
          ["13:00", "17:00"],
        ],
        ...closed,
      } as never),
    ).toBe("Mon-Thu 09:00-17:00; Fri 09:00-12:00, 13:00-17:00");
    expect(weekSummary({ mon: nineToFive, wed: nineToFive, sat: [["10:00", "14:00"]] } as never)).toBe(
      "Mon 09:00-17:00; Wed 09:00-17:00; Sat 10:00-14:00",
    );
  });

  it("says around the clock, every day, or closed", () => {
    const all = (interval: string[]) =>
      Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [interval]]));
    expect(weekSummary(all(["00:00", "24:00"]) as never)).toBe("Around the clock");
    expect(weekSummary(all(["08:00", "20:00"]) as never)).toBe("Every day 08:00-20:00");
    expect(weekSummary({})).toBe("Closed all week");
  });
});

describe("calendar drafts", () => {
  const saved = office({
    mon: [
      ["09:00", "12:00"],
      ["13:00", "17:30"],
    ],
    tue: nineToFive,
    wed: [],
    thu: nineToFive,
    fri: nineToFive,
    ...closed,
  });

  it("a saved calendar opened and saved unchanged is the same calendar", () => {
    const input = businessCalendarInputSchema.parse(calendarInput(calendarDraftOf(saved)));
    expect(input).toEqual({
      name: saved.name,
      timeZone: saved.timeZone,
      hours: saved.hours,
      holidays: saved.holidays,
      isDefault: true,
    });
  });

  it("copies Monday's intervals to the other weekdays and leaves the weekend", () => {
    const draft = calendarDraftOf(saved);
    const copied = calendarInput({ ...draft, hours: mondayToWeekdays(draft.hours) });
    for (const day of ["tue", "wed", "thu", "fri"] as const) expect(copied.hours[day]).toEqual(saved.hours.mon);
    expect(copied.hours.sat).toEqual([]);
  });
});

describe("policy drafts", () => {
  it("reads typed hours and minutes as minutes, either may be empty, both empty is nothing", () => {
    expect(minutesOf({ hours: "3", minutes: "" })).toBe(180);
    expect(minutesOf({ hours: "", minutes: "45" })).toBe(45);
    expect(minutesOf({ hours: "1", minutes: "30" })).toBe(90);
    expect(minutesOf({ hours: "", minutes: "" })).toBeNaN();
    expect(minutesOf({ hours: "two", minutes: "" })).toBeNaN();
  });

  it("a saved policy opened and saved unchanged is the same policy", () => {
    const target = (firstResponse: number, nextResponse: number, resolution: number) => ({
      firstResponse,
      nextResponse,
      resolution,
    });
    const policy: PolicyJson = {
      id: "p1",
      name: "VIP",
      position: 1,
      calendar: { id: "c1", name: "London office" },
      conditions: {
        all: [{ field: "priority", operator: "in", value: ["urgent", "high"] }],
        any: [{ field: "tags", operator: "contains", value: "vip" }],
      },
      targets: {
        urgent: target(30, 60, 240),
        high: target(90, 120, 480),
        medium: target(480, 480, 1),
        low: target(1440, 1441, 525_600),
      },
      createdAt: "2026-12-06T00:00:00.000Z",
      updatedAt: "2026-12-06T00:00:00.000Z",
    };
    const input = slaPolicyInputSchema.parse(policyInput(policyDraftOf(policy, { groups: [], agents: [] })));
    expect(input).toEqual({
      name: policy.name,
      calendarId: "c1",
      conditions: policy.conditions,
      targets: policy.targets,
    });
  });
});
