// The ticket list's search, as the spec words it: "Search covers subject, description, ticket
// number, customer email and name, case-insensitive". A customer typing part of a word or of
// an email address still finds the ticket; % and _ are plain characters; a search never
// reaches another organisation's tickets or another customer's; and its pages are keyset-paged
// in every sort the list offers.
import { TICKET_SORTS } from "@/lib/tickets/sort";
import { createOrg, createUser } from "../helpers/fixtures";
import { resetDatabase } from "../helpers/db";
import { createSearchableTickets, listTickets, ticketNumbersPaged } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };
type Row = { ticketNumber: number; subject: string };

const get = (user: User, query: string) => listTickets<Row>(user, query);

/** The ticket numbers a search finds, in number order. */
async function found(user: User, q: string) {
  const page = await get(user, `?q=${encodeURIComponent(q)}&limit=100`);
  expect(page.status).toBe(200);
  return page.body.map((t) => t.ticketNumber).sort((a, b) => a - b);
}

const HOUR = 3_600_000;
let agent: User;
let customer: User;
let otherAgent: User;

beforeAll(async () => {
  await resetDatabase();
  const org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  agent = await createUser(org.id, "agent");
  customer = await createUser(org.id, "end_user", { email: "dana.customer@example.test" });
  otherAgent = await createUser(other.id, "agent");
  const now = Date.now();
  // number, subject, description, customer name, customer email
  const rows = [
    [1, "Printer jammed", "Paper stuck in tray", "Robin Hood", "robin@sherwood.test"],
    [2, "Invoice too high", "Charged twice in March", "Maid Marian", "marian@castle.test"],
    [3, "Discount 100% off", "Code SAVE_ALL fails", "Little John", "john@sherwood.test"],
    [4, "Discount 100 off", "Code SAVEXALL fails", "Friar Tuck", "tuck@abbey.test"],
    [5, "Login loop", "Redirects forever", "Dana Customer", "dana.customer@example.test"],
    [6, "Printer offline", "Wi-Fi printer not found", "Will Scarlet", "will@sherwood.test"],
    [7, "Refund", "Keyboard", "Alan Dale", "alan@minstrel.test"],
  ] as const;
  await createSearchableTickets(org.id, rows, now, (n, createdAt) => ({
    priority: n % 2 ? "high" : "low",
    status: "open",
    firstResponseDueAt: new Date(createdAt.getTime() + n * HOUR),
    updatedAt: new Date(now - n * HOUR),
  }));
  // Another organisation's ticket that every search below would match if the tenant leaked.
  await createSearchableTickets(
    other.id,
    [[1, "Printer invoice refund login discount", "Keyboard paper", "Robin Hood", "robin@sherwood.test"]],
    now,
  );
});

describe("GET /api/tickets?q= (ticket search)", () => {
  it.each([
    ["subject", "jammed", [1]],
    ["description", "twice in", [2]],
    ["customer name", "Scarlet", [6]],
    ["customer email", "marian@castle", [2]],
    ["part of a word", "rint", [1, 6]],
    ["part of an email address", "sherwood.te", [1, 3, 6]],
    ["any letter case", "PRINTER", [1, 6]],
    ["mixed case in the middle of a field", "wI-fI", [6]],
  ])("finds a term in the %s", async (_what, q, numbers) => {
    expect(await found(agent, q)).toEqual(numbers);
  });

  it("finds a ticket by its number, with or without #, beside text that contains the digits", async () => {
    expect(await found(agent, "#7")).toEqual([7]);
    expect(await found(agent, "7")).toEqual([7]);
    expect(await found(agent, "100")).toEqual([3, 4]);
  });

  it("treats % and _ as themselves, not as wildcards", async () => {
    expect(await found(agent, "100%")).toEqual([3]);
    expect(await found(agent, "SAVE_ALL")).toEqual([3]);
    expect(await found(agent, "%")).toEqual([3]);
    expect(await found(agent, "_")).toEqual([3]);
    expect(await found(agent, "\\")).toEqual([]);
  });

  it("never matches across the boundary of two fields", async () => {
    // Subject "Refund", description "Keyboard": "refund keyboard" is in neither field.
    expect(await found(agent, "Refund Keyboard")).toEqual([]);
    expect(await found(agent, "Refund")).toEqual([7]);
    // The search index joins the fields with U+001F: a term holding one still spans no fields.
    expect(await found(agent, "Refund\u001fKeyboard")).toEqual([]);
    expect(await found(agent, "fund\u001f")).toEqual([]);
  });

  it("stays in the searcher's organisation and, for a customer, their own tickets", async () => {
    expect(await found(otherAgent, "printer")).toEqual([1]);
    expect(await found(otherAgent, "jammed")).toEqual([]);
    expect(await found(customer, "o")).toEqual([5]);
    expect(await found(customer, "printer")).toEqual([]);
  });

  it.each(TICKET_SORTS)("pages a search by %s with the cursor, every match exactly once", async (sort) => {
    const whole = await get(agent, `?q=e&sort=${sort}&limit=100`);
    const expected = whole.body.map((t) => t.ticketNumber);
    expect(expected.length).toBeGreaterThan(4);
    expect(await ticketNumbersPaged(agent, `?q=e&sort=${sort}`)).toEqual(expected);
  });
});
