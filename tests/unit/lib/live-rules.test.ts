import { eventFor, type Audience } from "@/lib/live/hub";
import { staleFields } from "@/lib/services/tickets/versions";

const staff: Audience = { organizationId: "o1", holder: "user:a", staff: true, internalNotes: true, customerKey: null };
const customer: Audience = {
  organizationId: "o1",
  holder: "user:c",
  staff: false,
  internalNotes: false,
  customerKey: "k1",
};

describe("who hears a notice", () => {
  const ticket = { k: "ticket", o: "o1", t: "t1", v: 3, c: "k1" } as const;
  const note = { k: "reply", o: "o1", t: "t1", r: "r1", i: true, c: "k1" } as const;
  const answer = { ...note, r: "r2", i: false } as const;
  const presence = { k: "presence", o: "o1", t: "t1" } as const;

  it("gives staff their organisation's tickets, replies, notes and presence as ids", () => {
    expect(eventFor(staff, ticket)).toEqual({ event: "ticket", data: { ticketId: "t1", version: 3 } });
    expect(eventFor(staff, note)).toEqual({ event: "reply", data: { ticketId: "t1", replyId: "r1" } });
    expect(eventFor(staff, presence)).toEqual({ event: "presence", data: { ticketId: "t1" } });
    expect(eventFor({ ...staff, internalNotes: false }, note)).toBeNull();
  });

  it("gives a customer only their own tickets and public replies", () => {
    expect(eventFor(customer, ticket)).not.toBeNull();
    expect(eventFor(customer, answer)).not.toBeNull();
    expect(eventFor(customer, note)).toBeNull();
    expect(eventFor(customer, presence)).toBeNull();
    expect(eventFor(customer, { ...ticket, c: "k2" })).toBeNull();
  });

  it("gives nobody another organisation's notice", () => {
    for (const notice of [ticket, note, answer, presence])
      for (const audience of [staff, customer]) expect(eventFor(audience, { ...notice, o: "o2" })).toBeNull();
  });
});

describe("the merge rule of concurrent edits", () => {
  // Version 5: status changed at 4, a reply at 5; priority never changed since creation.
  const ticket = {
    version: 5,
    fieldVersions: { status: 4, reply: 5 },
    status: "pending",
    priority: "medium",
    assignedToId: null,
  };

  it("refuses a field someone changed after the version seen, when the write would change it", () => {
    expect(staleFields(ticket, 3, { status: "resolved" })).toEqual(["status"]);
    expect(staleFields(ticket, 3, { status: "pending" })).toEqual([]);
    expect(staleFields(ticket, 4, { status: "resolved" })).toEqual([]);
  });

  it("merges a field nobody else changed", () => {
    expect(staleFields(ticket, 1, { priority: "high" })).toEqual([]);
    expect(staleFields(ticket, 1, { assignedTo: "u1" })).toEqual([]);
  });

  it("refuses a reply written before a newer reply, and applies writes without a version as before", () => {
    expect(staleFields(ticket, 4, { reply: true })).toEqual(["reply"]);
    expect(staleFields(ticket, 5, { reply: true })).toEqual([]);
    expect(staleFields(ticket, undefined, { status: "closed", reply: true })).toEqual([]);
  });
});
