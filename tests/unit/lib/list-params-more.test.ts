import {
  listSearch,
  moreFilterChips,
  moreFilterLabels,
  NO_LIST_PARAMS,
  readListParams,
  withMore,
  withoutMore,
} from "@/lib/tickets/list-params";

// A saved view's other filters (assignee, SLA state, created and updated ranges) ride in the
// workspace address under the API's own names, so opening a view lists what its count counts.
describe("the list's other filters in the address", () => {
  it("reads and writes them back as they stand", () => {
    const search = new URLSearchParams("assignee=none&sla=breached&createdFrom=2026-12-01&updatedTo=2026-12-05");
    const params = readListParams(search);
    expect(params.more).toEqual({
      sla: "breached",
      assignee: "none",
      createdFrom: "2026-12-01",
      updatedTo: "2026-12-05",
    });
    expect(new URLSearchParams(listSearch(params)).toString()).toBe(search.toString());
  });

  it("leaves them out when none is set", () => {
    expect(readListParams(new URLSearchParams("status=open")).more).toBeUndefined();
    expect(listSearch(NO_LIST_PARAMS)).toEqual([]);
  });

  it("ignores other parameters and empty values", () => {
    expect(readListParams(new URLSearchParams("sla=&limit=5&view=x")).more).toBeUndefined();
  });

  it("names them in the list's active filters", () => {
    const person = (id: string) => (id === "u1" ? "Riley Agent" : "someone");
    expect(moreFilterLabels({ sla: "breached", assignee: "u1", createdFrom: "2026-12-01" }, person)).toEqual([
      "Assigned to Riley Agent",
      "SLA breached",
      "Created from 2026-12-01",
    ]);
    expect(moreFilterLabels({ assignee: "none", sla: "at_risk", updatedTo: "2026-12-05" }, person)).toEqual([
      "Unassigned",
      "SLA at risk",
      "Updated until 2026-12-05",
    ]);
    expect(moreFilterLabels(undefined, person)).toEqual([]);
  });

  it("names each range once, relative ones as a person would say them", () => {
    const person = () => "someone";
    expect(moreFilterLabels({ createdFrom: "-7d", updatedTo: "-24h" }, person)).toEqual([
      "Created in the last 7 days",
      "Not updated in 24 hours",
    ]);
    expect(moreFilterChips({ createdFrom: "2026-12-01", createdTo: "2026-12-05", sla: "breached" }, person)).toEqual([
      { label: "SLA breached", keys: ["sla"] },
      { label: "Created 2026-12-01 to 2026-12-05", keys: ["createdFrom", "createdTo"] },
    ]);
  });

  it("names a report's SLA figure as one filter, removed together", () => {
    const person = () => "someone";
    const more = {
      slaOutcome: "breached",
      slaTarget: "first_response",
      slaPolicy: "default",
      slaFrom: "2026-11-01",
      slaTo: "2026-11-30",
      assignee: "none",
    };
    const params = readListParams(new URLSearchParams(new URLSearchParams(more).toString()));
    expect(params.more).toEqual(more);
    expect(moreFilterChips(more, person)).toEqual([
      { label: "Unassigned", keys: ["assignee"] },
      {
        label: "SLA first reply breached, default targets, started 2026-11-01 to 2026-11-30",
        keys: ["slaOutcome", "slaTarget", "slaPolicy", "slaFrom", "slaTo"],
      },
    ]);
    expect(moreFilterLabels({ slaOutcome: "met", slaPolicy: "p1", slaFrom: "2026-11-01" }, person)).toEqual([
      "SLA met, one policy, started from 2026-11-01",
    ]);
    expect(withoutMore(more, moreFilterChips(more, person)[1]!.keys)).toEqual({ assignee: "none" });
  });

  it("removes a chip's filters together", () => {
    const more = { createdFrom: "2026-12-01", createdTo: "2026-12-05", sla: "breached" };
    expect(withoutMore(more, ["createdFrom", "createdTo"])).toEqual({ sla: "breached" });
    expect(withoutMore({ createdFrom: "-7d" }, ["createdFrom", "createdTo"])).toBeUndefined();
  });

  it("keeps relative bounds in the address as written", () => {
    const params = readListParams(new URLSearchParams("createdFrom=-7d&updatedTo=today"));
    expect(params.more).toEqual({ createdFrom: "-7d", updatedTo: "today" });
    expect(listSearch(params)).toEqual([
      ["createdFrom", "-7d"],
      ["updatedTo", "today"],
    ]);
  });

  it("sets and clears one at a time from the filter bar", () => {
    expect(withMore(undefined, "sla", "breached")).toEqual({ sla: "breached" });
    expect(withMore({ sla: "breached" }, "assignee", "none")).toEqual({ sla: "breached", assignee: "none" });
    expect(withMore({ sla: "breached", assignee: "none" }, "sla", "")).toEqual({ assignee: "none" });
    expect(withMore({ sla: "breached" }, "sla", "")).toBeUndefined();
  });
});
