import { isView, parseTicketNumber, ticketUrl } from "@/lib/tickets/ticket-url";

describe("a ticket's address", () => {
  it("names the ticket by number and keeps the queue in the hash", () => {
    expect(ticketUrl(42)).toBe("/app?ticket=42#all-open");
    expect(ticketUrl(42, "my-open")).toBe("/app?ticket=42#my-open");
    expect(ticketUrl(7, "closed", "https://help.example.com/")).toBe("https://help.example.com/app?ticket=7#closed");
  });

  it("reads back only whole positive numbers", () => {
    expect(parseTicketNumber(new URL(ticketUrl(42), "http://x").searchParams.get("ticket"))).toBe(42);
    for (const value of [null, undefined, "", "0", "-1", "1e3", "4.2", " 4", "abc", "1234567890"])
      expect(parseTicketNumber(value)).toBeNull();
  });

  it("knows the queues", () => {
    expect(isView("sla-risk")).toBe(true);
    expect(isView("dashboard")).toBe(false);
    expect(isView("closed#unassigned")).toBe(false);
  });
});
