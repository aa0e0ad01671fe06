import { deltaOf, minutesText, shareOf } from "@/lib/reports/deltas";
import { drillDownHref, reportSearch, slaDrillDownHref } from "@/lib/reports/drill-down";
import { presetRange, previousRange, todayIn } from "@/lib/reports/range-presets";
import { tableCsv, tableFileName } from "@/lib/reports/table-csv";
import type { ReportBreakdownRow } from "@/lib/schemas/reports-charts";
import { reportBuckets } from "@/lib/services/reports/buckets";

// The reports page's pure parts: its ranges in the organisation's zone, the changes it states, its CSV.

/** 7 December 2026, 23:30 in London: already the 8th in Sydney, still the 7th in Los Angeles. */
const NOW = Date.parse("2026-12-07T23:30:00Z");

describe("presetRange", () => {
  it("counts the last days back from today in the organisation's zone, today included", () => {
    expect(todayIn("Australia/Sydney", NOW)).toBe("2026-12-08");
    expect(todayIn("America/Los_Angeles", NOW)).toBe("2026-12-07");
    expect(presetRange("7d", "Australia/Sydney", NOW)).toEqual({ from: "2026-12-02", to: "2026-12-08" });
    expect(presetRange("7d", "America/Los_Angeles", NOW)).toEqual({ from: "2026-12-01", to: "2026-12-07" });
    expect(presetRange("30d", "Europe/London", NOW)).toEqual({ from: "2026-11-08", to: "2026-12-07" });
    expect(presetRange("90d", "Europe/London", NOW)).toEqual({ from: "2026-09-09", to: "2026-12-07" });
  });

  it("takes this month to today and last month whole, across a year's end and February", () => {
    expect(presetRange("this-month", "Europe/London", NOW)).toEqual({ from: "2026-12-01", to: "2026-12-07" });
    expect(presetRange("last-month", "Europe/London", NOW)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    // 1 January 2027 00:30 in Sydney is still 31 December in UTC.
    const newYear = Date.parse("2026-12-31T13:30:00Z");
    expect(presetRange("this-month", "Australia/Sydney", newYear)).toEqual({ from: "2027-01-01", to: "2027-01-01" });
    expect(presetRange("last-month", "Australia/Sydney", newYear)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetRange("last-month", "UTC", Date.parse("2028-03-10T12:00:00Z"))).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
  });

  it("compares with as many days just before", () => {
    expect(previousRange({ from: "2026-11-01", to: "2026-11-30" })).toEqual({ from: "2026-10-02", to: "2026-10-31" });
    expect(previousRange({ from: "2026-12-07", to: "2026-12-07" })).toEqual({ from: "2026-12-06", to: "2026-12-06" });
  });
});

describe("reportBuckets", () => {
  it("cuts weeks at Mondays, clipped to the range, each edge a local midnight across summer time", () => {
    const { days, edges } = reportBuckets("Europe/London", "2026-10-22", "2026-11-04", "week");
    expect(days).toEqual(["2026-10-22", "2026-10-26", "2026-11-02"]);
    expect(edges.map((d) => d.toISOString())).toEqual([
      "2026-10-21T23:00:00.000Z",
      "2026-10-26T00:00:00.000Z",
      "2026-11-02T00:00:00.000Z",
      "2026-11-05T00:00:00.000Z",
    ]);
    expect(reportBuckets("UTC", "2026-11-01", "2026-11-03", "day").days).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
    ]);
  });
});

describe("deltaOf", () => {
  it("states the change in words, and whether it is better", () => {
    expect(deltaOf(50, 40, null)).toEqual({ direction: "up", words: "Up 25% from 40", better: null });
    expect(deltaOf(30, 60, true)).toEqual({ direction: "down", words: "Down 50% from 60", better: true });
    expect(deltaOf(12, 10, false)).toEqual({ direction: "up", words: "Up 20% from 10", better: true });
    expect(deltaOf(3, 0, true)).toEqual({ direction: "up", words: "Up 3 from 0", better: false });
    expect(deltaOf(7, 7, true)).toEqual({ direction: "same", words: "Same as before (7)", better: null });
    expect(deltaOf(7, null, true).words).toBe("No figure before");
    expect(deltaOf(null, 7, true).words).toBe("No figure in this period");
  });

  it("reads shares and minutes as people do", () => {
    expect(shareOf(2, 3)).toBe(67);
    expect(shareOf(0, 0)).toBeNull();
    expect(minutesText(null)).toBe("–");
    expect(minutesText(45)).toBe("45 min");
    expect(minutesText(200)).toBe("3 h 20 min");
    expect(minutesText(120)).toBe("2 h");
    expect(minutesText(3000)).toBe("2 d 2 h");
  });
});

describe("a table's CSV", () => {
  it("writes the header and rows, neutralising formulas in names", () => {
    expect(
      tableCsv(
        ["Group", "Created"],
        [
          ["=cmd()", 3],
          ["Billing, EU", null],
        ],
      ),
    ).toBe('Group,Created\r\n\'=cmd(),3\r\n"Billing, EU",\r\n');
  });

  it("names the file for the range and filters", () => {
    expect(
      tableFileName("by-group", { from: "2026-11-01", to: "2026-11-30" }, { priority: "urgent", plan: "Pro Max" }),
    ).toBe("by-group-2026-11-01-to-2026-11-30-priority-urgent-plan-pro-max.csv");
  });
});

describe("drill-down", () => {
  const range = { from: "2026-11-01", to: "2026-11-30" };
  const row = (key: string | null, label: string | null = null): ReportBreakdownRow => ({
    key,
    label,
    created: 1,
    solved: 0,
    firstResponseMedian: null,
    resolutionMedian: null,
    slaCompliance: { met: 0, breached: 0 },
    satisfaction: { good: 0, bad: 0 },
  });

  it("opens the list with the row's and the report's filters, created in the range, whatever their status", () => {
    expect(drillDownHref("group", row("g1"), range, { priority: "high" })).toBe(
      "/app?priority=high&group=g1&in=all&createdFrom=2026-11-01&createdTo=2026-11-30#all-open",
    );
    expect(drillDownHref("tag", row("t1", "vip"), range, {})).toBe(
      "/app?tag=vip&in=all&createdFrom=2026-11-01&createdTo=2026-11-30#all-open",
    );
    expect(drillDownHref("company", row("c1"), range, { fields: { plan: "Pro" } })).toBe(
      "/app?company=c1&in=all&field.plan=Pro&createdFrom=2026-11-01&createdTo=2026-11-30#all-open",
    );
  });

  it("opens an SLA figure's tickets: targets that ended so, started in the range", () => {
    expect(drillDownHref("agent", row(null), range, {}, { outcome: "breached" })).toBe(
      "/app?in=all&slaOutcome=breached&slaFrom=2026-11-01&slaTo=2026-11-30&assignee=none#all-open",
    );
    expect(slaDrillDownHref(range, { group: "g1" }, { outcome: "met", target: "next_response" })).toBe(
      "/app?group=g1&in=all&slaOutcome=met&slaTarget=next_response&slaFrom=2026-11-01&slaTo=2026-11-30#all-open",
    );
    expect(slaDrillDownHref(range, {}, { outcome: "breached", policy: "default" })).toBe(
      "/app?in=all&slaOutcome=breached&slaPolicy=default&slaFrom=2026-11-01&slaTo=2026-11-30#all-open",
    );
    expect(slaDrillDownHref(range, { entrance: "api" }, { outcome: "met" })).toBeNull();
  });

  it("has no list for what the list cannot filter by", () => {
    expect(drillDownHref("entrance", row("email"), range, {})).toBeNull();
    expect(drillDownHref("group", row(null), range, {})).toBeNull();
    expect(drillDownHref("group", row("g1"), range, { entrance: "api" })).toBeNull();
  });

  it("writes the report calls' query", () => {
    expect(reportSearch(range, { group: "g1", fields: { plan: "Pro" } }, { businessHours: "true" })).toBe(
      "from=2026-11-01&to=2026-11-30&group=g1&field.plan=Pro&businessHours=true",
    );
  });
});
