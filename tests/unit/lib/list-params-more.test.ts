import { listSearch, NO_LIST_PARAMS, readListParams } from "@/lib/tickets/list-params";

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
});
