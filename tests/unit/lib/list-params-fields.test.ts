import { listSearch, NO_LIST_PARAMS, readListParams } from "@/lib/tickets/list-params";

const read = (query: string) => readListParams(new URLSearchParams(query));

describe("custom field filters in the address", () => {
  it("reads back what it writes, as the API names them", () => {
    const params = { ...NO_LIST_PARAMS, status: "open", fields: { order_number: "A-1", plan: "Pro" } } as const;
    const query = new URLSearchParams(listSearch(params)).toString();
    expect(query).toBe("status=open&field.order_number=A-1&field.plan=Pro");
    expect(read(query)).toEqual(params);
  });

  it("leaves out empty ones, keeps at most ten and cuts long ones", () => {
    expect(read("field.plan=")).toEqual(NO_LIST_PARAMS);
    const many = Array.from({ length: 12 }, (_, i) => `field.k${i}=v`).join("&");
    expect(Object.keys(read(many).fields ?? {})).toHaveLength(10);
    expect(read(`field.note=${"x".repeat(500)}`).fields?.note).toHaveLength(200);
  });
});
