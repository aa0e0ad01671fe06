import { viewHref } from "@/components/views/sidebar-views";

// Where a saved view opens: its queue with its filters in the list's own address.
const view = (filters: Record<string, string>) => ({
  id: "v1",
  name: "A view",
  shared: true,
  filters,
  sort: null,
  position: 0,
  count: 0,
  countCapped: false,
});

describe("viewHref", () => {
  it("opens a view at its queue with its filters, custom fields included", () => {
    expect(viewHref(view({ view: "my-open", priority: "urgent", "field.plan": "Pro" }))).toBe(
      "/app?priority=urgent&field.plan=Pro#my-open",
    );
  });

  it("opens a company's view through all of its tickets, as All tickets of ... does", () => {
    expect(viewHref(view({ company: "c1" }))).toBe("/app?company=c1&in=all#all-open");
    expect(viewHref(view({ view: "all-open", company: "c1" }))).toBe("/app?company=c1#all-open");
  });
});
