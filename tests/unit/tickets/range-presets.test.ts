import { presetOf, RANGE_PRESETS, rangeLabel } from "@/lib/tickets/range-presets";

// The filter bar's Created and Updated choices and how the active filters name a range.
describe("the range presets", () => {
  it("are relative, so a view saved with one stays relative", () => {
    expect(RANGE_PRESETS.created.map((p) => [p.label, p.range])).toEqual([
      ["Today", { from: "today" }],
      ["Last 24 hours", { from: "-24h" }],
      ["Last 7 days", { from: "-7d" }],
      ["Last 30 days", { from: "-30d" }],
    ]);
    expect(RANGE_PRESETS.updated.slice(4).map((p) => [p.label, p.range])).toEqual([
      ["Not updated in 24 hours", { to: "-24h" }],
      ["Not updated in 7 days", { to: "-7d" }],
    ]);
  });

  it("are found again from the address", () => {
    expect(presetOf("created", { from: "-7d" })?.label).toBe("Last 7 days");
    expect(presetOf("updated", { to: "-7d" })?.label).toBe("Not updated in 7 days");
    expect(presetOf("created", { to: "-7d" })).toBeNull();
    expect(presetOf("created", { from: "-7d", to: "-1d" })).toBeNull();
    expect(presetOf("created", {})).toBeNull();
  });
});

describe("a range in words", () => {
  it("reads the presets naturally", () => {
    expect(rangeLabel("created", { from: "today" })).toBe("Created today");
    expect(rangeLabel("created", { from: "-24h" })).toBe("Created in the last 24 hours");
    expect(rangeLabel("created", { from: "-7d" })).toBe("Created in the last 7 days");
    expect(rangeLabel("updated", { from: "-1h" })).toBe("Updated in the last hour");
    expect(rangeLabel("updated", { from: "-1d" })).toBe("Updated in the last day");
    expect(rangeLabel("updated", { to: "-24h" })).toBe("Not updated in 24 hours");
    expect(rangeLabel("updated", { to: "-7d" })).toBe("Not updated in 7 days");
    expect(rangeLabel("created", { to: "-30d" })).toBe("Created over 30 days ago");
  });

  it("reads dates and mixed ranges", () => {
    expect(rangeLabel("created", { from: "2026-12-01", to: "2026-12-05" })).toBe("Created 2026-12-01 to 2026-12-05");
    expect(rangeLabel("created", { from: "2026-12-01", to: "2026-12-01" })).toBe("Created on 2026-12-01");
    expect(rangeLabel("created", { from: "2026-12-01" })).toBe("Created from 2026-12-01");
    expect(rangeLabel("updated", { to: "2026-12-05" })).toBe("Updated until 2026-12-05");
    expect(rangeLabel("updated", { to: "today" })).toBe("Updated until today");
    expect(rangeLabel("created", { from: "-7d", to: "-24h" })).toBe("Created 7 days ago to 24 hours ago");
    expect(rangeLabel("created", { from: "2026-12-01", to: "today" })).toBe("Created 2026-12-01 to today");
    expect(rangeLabel("created", { from: "2026-12-01T09:00:00Z" })).toBe("Created from 2026-12-01T09:00:00Z");
  });

  it("shows a bound the list would refuse as written, and nothing for no range", () => {
    expect(rangeLabel("created", { from: "someday" })).toBe("Created from someday");
    expect(rangeLabel("created", {})).toBeNull();
  });
});
