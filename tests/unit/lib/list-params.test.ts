import { listSearch, NO_LIST_PARAMS, readListParams } from "@/lib/tickets/list-params";
import { defaultSort, SORT_TIMES, TICKET_SORTS } from "@/lib/tickets/sort";

const read = (query: string) => readListParams(new URLSearchParams(query));

describe("the queue's sort, filters and search in the address", () => {
  it("reads back what it writes", () => {
    const params = {
      q: "printer on fire",
      status: "pending",
      priority: "urgent",
      tag: "VIP",
      group: "group-1",
      company: "company-1",
      sort: "priority",
      everywhere: true,
    } as const;
    const query = new URLSearchParams(listSearch(params)).toString();
    expect(query).toBe(
      "sort=priority&status=pending&priority=urgent&tag=VIP&group=group-1&company=company-1&q=printer+on+fire&in=all",
    );
    expect(read(query)).toEqual(params);
  });

  it("adds nothing for an untouched list, and a scope only with a search or a filter", () => {
    expect(listSearch(NO_LIST_PARAMS)).toEqual([]);
    expect(listSearch({ ...NO_LIST_PARAMS, everywhere: true })).toEqual([]);
    // A filter alone may look through all tickets: a report's figure counts closed tickets too.
    expect(listSearch({ ...NO_LIST_PARAMS, status: "closed", everywhere: true })).toEqual([
      ["status", "closed"],
      ["in", "all"],
    ]);
    expect(listSearch({ ...NO_LIST_PARAMS, more: { createdFrom: "2026-11-01" }, everywhere: true })).toEqual([
      ["in", "all"],
      ["createdFrom", "2026-11-01"],
    ]);
    expect(listSearch({ ...NO_LIST_PARAMS, fields: { plan: "Pro" }, everywhere: true })).toContainEqual(["in", "all"]);
  });

  it("reads what the list does not offer as unset", () => {
    expect(read("sort=random&status=lost&priority=URGENT&in=everywhere")).toEqual(NO_LIST_PARAMS);
    expect(read("ticket=12")).toEqual(NO_LIST_PARAMS);
    expect(read(`q=${"x".repeat(500)}`).q).toHaveLength(200);
  });
});

describe("the list's orders", () => {
  it("puts what needs attention first in the work queues, and the last change first in Recent Updates and Closed", () => {
    for (const view of ["unassigned", "my-open", "all-open", "sla-risk"] as const)
      expect(defaultSort(view)).toBe("attention");
    expect(defaultSort("recently-updated")).toBe("activity");
    expect(defaultSort("closed")).toBe("activity");
    expect(defaultSort(undefined)).toBe("created");
  });

  it("says which time each order follows", () => {
    expect(TICKET_SORTS.map((s) => SORT_TIMES[s])).toEqual(["due", "activity", "created", "created", "due", "created"]);
  });
});
