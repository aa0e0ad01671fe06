// Search results by relevance (best match first): the same tickets the search finds (the substring
// rule), those whose subject holds the search first, then the others, each part newest first;
// keyset-paged like every other order of the list.
import fc from "fast-check";
import { createOrg, createUser } from "../helpers/fixtures";
import { resetDatabase } from "../helpers/db";
import { createSearchableTickets, listTickets as get, ticketNumbersPaged } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };

const numbers = async (user: User, query: string) => (await get(user, query)).body.map((t) => t.ticketNumber);
const cursorOf = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString("base64url");

let agent: User;
let customer: User;
let otherAgent: User;

beforeAll(async () => {
  await resetDatabase();
  const org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  agent = await createUser(org.id, "agent");
  customer = await createUser(org.id, "end_user", { email: "sam@example.test" });
  otherAgent = await createUser(other.id, "agent");
  const now = Date.now();
  // number, subject, description, customer name, customer email; each newer than the one before.
  const rows = [
    [1, "Refund request", "Order 55 arrived broken", "Pat Lee", "pat@lee.test"],
    [2, "Question about billing", "Order 56 is late", "Refundo Limited", "accounts@refundo.test"],
    [3, "Broken screen", "Can I get a refund for this one?", "Sam Customer", "sam@example.test"],
    [4, "Prefunded account", "Nothing else to say", "Kim Park", "kim@park.test"],
    [5, "Printer", "Out of paper", "Lou Reed", "lou@reed.test"],
    [6, "Refund twice", "They charged me twice", "Sam Customer", "sam@example.test"],
  ] as const;
  await createSearchableTickets(org.id, rows, now);
  // Another organisation's ticket, a perfect match, which no search here may show.
  await createSearchableTickets(other.id, [[1, "Refund refund refund", "refund", "Refund", "refund@refund.test"]], now);
});

describe("GET /api/tickets?q=&sort=relevance", () => {
  it("puts the tickets whose subject holds the search first, then the others, each newest first", async () => {
    expect(await numbers(agent, "?q=refund&sort=created")).toEqual([6, 4, 3, 2, 1]);
    // 4's subject holds "refund" inside "Prefunded"; 3 holds it in the description, 2 in the customer's name.
    expect(await numbers(agent, "?q=refund&sort=relevance")).toEqual([6, 4, 1, 3, 2]);
    expect(await numbers(agent, "?q=broken&sort=relevance")).toEqual([3, 1]);
  });

  it("finds the subject's part of a word as the search finds it, in any case", async () => {
    for (const q of ["refun", "EFUND", "Fund"]) {
      expect(await numbers(agent, `?q=${q}&sort=relevance`)).toEqual([6, 4, 1, 3, 2]);
    }
    // No subject holds it: newest first, as the search's other orders.
    expect(await numbers(agent, "?q=%3F&sort=relevance")).toEqual([3]);
    expect(await numbers(agent, "?q=order&sort=relevance")).toEqual([2, 1]);
  });

  it("keeps the list's filters in both parts", async () => {
    expect(await numbers(agent, "?q=refund&sort=relevance&status=open")).toEqual([6, 4, 1, 3, 2]);
    expect(await numbers(agent, "?q=refund&sort=relevance&status=closed")).toEqual([]);
  });

  it("pages by relevance with the cursor, every match exactly once, in order", async () => {
    for (const q of ["refund", "e", "o", "r"]) {
      const whole = await numbers(agent, `?q=${q}&sort=relevance&limit=100`);
      expect(await ticketNumbersPaged(agent, `?q=${q}&sort=relevance`)).toEqual(whole);
    }
  });

  it("keeps a customer to their own tickets and a team to its organisation", async () => {
    expect(await numbers(customer, "?q=refund&sort=relevance")).toEqual([6, 3]);
    expect(await numbers(otherAgent, "?q=refund&sort=relevance")).toEqual([1]);
    expect(await numbers(otherAgent, "?q=broken&sort=relevance")).toEqual([]);
  });

  it("needs a search", async () => {
    for (const query of ["?sort=relevance", "?sort=relevance&q=", "?sort=relevance&q=%20%20"]) {
      expect(await get(agent, query)).toMatchObject({ status: 400, body: { error: "Relevance needs a search" } });
    }
  });

  it("refuses a cursor that is not a relevance position", async () => {
    const created = await get(agent, "?q=refund&sort=created&limit=1");
    const at = new Date().toISOString();
    for (const cursor of [
      created.next,
      cursorOf(["relevance", at, "x"]),
      cursorOf(["relevance", at, "x", "1"]),
      cursorOf(["relevance", at, "x", -1]),
      cursorOf(["relevance", at, "x", 0.5]),
      cursorOf(["relevance", at, "x", 2]),
      cursorOf(["relevance", at, "x", null]),
      cursorOf(["relevance", "yesterday", "x", 1]),
    ]) {
      expect(await get(agent, `?q=refund&sort=relevance&cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { error: "Invalid cursor" },
      });
    }
  });

  it("never answers any search with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ unit: "grapheme", maxLength: 60 })),
        async (q) => {
          const { status } = await get(agent, `?sort=relevance&q=${encodeURIComponent(q)}`);
          expect([200, 400]).toContain(status);
        },
      ),
      { seed: 20261125, numRuns: 60 },
    );
  });
});
