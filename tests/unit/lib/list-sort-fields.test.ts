import { listSearch, NO_LIST_PARAMS, readListParams } from "@/lib/tickets/list-params";
import { fieldSortOf, fieldSortOptions, isFieldSort } from "@/lib/tickets/sort";

// A sort by a custom field (`field.<key>`, `-field.<key>`) in the address and the sort menu.

describe("a custom field's order", () => {
  it("is kept in the address both ways and read back; anything else is no order", () => {
    for (const sort of ["field.seats", "-field.order_number"] as const) {
      const query = new URLSearchParams(listSearch({ ...NO_LIST_PARAMS, sort })).toString();
      expect(readListParams(new URLSearchParams(query)).sort).toBe(sort);
    }
    for (const sort of ["field.", "field.Seats", "--field.seats", "fields.seats", `field.${"k".repeat(41)}`])
      expect(readListParams(new URLSearchParams({ sort })).sort).toBeNull();
  });

  it("names its field and direction", () => {
    expect(isFieldSort("-field.plan")).toBe(true);
    expect(isFieldSort("priority")).toBe(false);
    expect(fieldSortOf("-field.plan")).toEqual({ key: "plan", descending: true });
    expect(fieldSortOf("field.plan")).toEqual({ key: "plan", descending: false });
  });

  it("offers each field with an order both ways in the sort menu, in the words of its type", () => {
    const options = fieldSortOptions([
      { key: "seats", label: "Seats", type: "number" },
      { key: "notes", label: "Notes", type: "long_text" },
      { key: "due", label: "Due", type: "date" },
      { key: "areas", label: "Areas", type: "multi_select" },
      { key: "vip", label: "VIP", type: "checkbox" },
      { key: "plan", label: "Plan", type: "dropdown" },
    ]);
    expect(options).toEqual([
      { value: "field.seats", label: "Seats, lowest first" },
      { value: "-field.seats", label: "Seats, highest first" },
      { value: "field.due", label: "Due, earliest first" },
      { value: "-field.due", label: "Due, latest first" },
      { value: "field.vip", label: "VIP, No first" },
      { value: "-field.vip", label: "VIP, Yes first" },
      { value: "field.plan", label: "Plan, A to Z" },
      { value: "-field.plan", label: "Plan, Z to A" },
    ]);
  });
});
