import type { Jsonify } from "@/lib/schemas/json";
import type { Ticket } from "@/lib/schemas/tickets";

const ticket: Ticket = {
  id: "t1",
  ticketNumber: 1,
  subject: "Printer",
  description: "On fire",
  priority: "high",
  status: "open",
  category: null,
  customerName: "Ann",
  customerEmail: "ann@acme.test",
  assignedTo: null,
  organizationId: "org1",
  createdAt: new Date("2026-01-02T03:04:05.000Z"),
  updatedAt: new Date("2026-01-02T03:04:05.000Z"),
  firstResponseDueAt: new Date("2026-01-02T07:04:05.000Z"),
  nextResponseDueAt: null,
  resolutionDueAt: new Date("2026-01-03T03:04:05.000Z"),
  slaRiskAt: new Date("2026-01-02T06:04:05.000Z"),
  slaPolicy: null,
  slaPaused: false,
  firstRespondedAt: null,
  resolvedAt: null,
  closedAt: null,
  version: 1,
  customFields: { order_number: "1234" },
};

describe("Jsonify", () => {
  it("describes what JSON makes of a server shape: dates become ISO strings, the rest stays", () => {
    const wire: Jsonify<Ticket> = JSON.parse(JSON.stringify(ticket));
    expect(wire.createdAt).toBe("2026-01-02T03:04:05.000Z");
    expect(wire.firstRespondedAt).toBeNull();
    expect(wire.ticketNumber).toBe(1);
    // The compiler refuses a Date where the wire has a string, and a string where it keeps a number.
    // @ts-expect-error createdAt is a string on the wire
    const date: Jsonify<Ticket>["createdAt"] = new Date();
    // @ts-expect-error ticketNumber stays a number
    const number: Jsonify<Ticket>["ticketNumber"] = "1";
    expect([date, number]).toHaveLength(2);
  });

  it("maps arrays and nested objects", () => {
    type Page = { items: { at: Date; tags: string[] }[]; next: Date | null };
    const page: Jsonify<Page> = JSON.parse(JSON.stringify({ items: [{ at: new Date(0), tags: ["a"] }], next: null }));
    expect(page.items[0]?.at).toBe("1970-01-01T00:00:00.000Z");
    expect(page.items[0]?.tags).toEqual(["a"]);
  });
});
