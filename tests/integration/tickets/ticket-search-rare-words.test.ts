// A search of several words, some in nearly every ticket and some in almost none ("reference
// 4242"), looks up only the rare words in the search index (and of a word only its rare piece)
// and tests the whole term on what they find. It must find exactly what the whole term finds:
// the words in that order, that spacing, any case, as part of longer text, in this organisation
// only, on every page.
import pg from "pg";
import { searchLookup } from "@/lib/tickets/search-words";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { listTickets } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };
let agent: User;
const sent: string[] = [];
const named: string[] = [];
const originalQuery = pg.Pool.prototype.query;

const at = new Date();
const ticket = (
  organizationId: string,
  ticketNumber: number,
  description: string,
  subject = `Order ${ticketNumber}`,
) => ({
  organizationId,
  ticketNumber,
  subject,
  description,
  customerName: "Chris Buyer",
  customerEmail: "chris@shop.test",
  firstResponseDueAt: at,
  resolutionDueAt: at,
  slaRiskAt: at,
  createdAt: new Date(at.getTime() - ticketNumber * 60_000),
});

beforeAll(async () => {
  await resetDatabase();
  const org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  agent = await createUser(org.id, "agent");
  // Three thousand tickets that all say "reference", then the ones the term tells apart, their
  // subjects spread among the others' (the planner's sample is every thirtieth text in order).
  await db.ticket.createMany({
    data: [
      ...Array.from({ length: 3000 }, (_, i) => ticket(org.id, 1000 + i, `Please quote reference ${10_000 + i}.`)),
      ticket(org.id, 1, "Our REFERENCE 4242 was charged twice", "Order 1234a"),
      ticket(org.id, 2, "see reference 42420", "Order 1789a"),
      ticket(org.id, 3, "4242 is the reference", "Order 2345a"),
      ticket(org.id, 4, "reference  4242 (two spaces)", "Order 2789a"),
      ticket(org.id, 5, "reference-4242", "Order 3456a"),
      ticket(other.id, 1, "Our reference 4242 too", "Order 3789a"),
      // Every ticket's customer is "Chris Buyer": of "buyer77" only "er77" is rare.
      ticket(org.id, 6, "Account buyer77 closed", "Order 1111a"),
      ticket(org.id, 7, "buyer777 and more", "Order 1555a"),
      ticket(org.id, 8, "from abuyer77", "Order 2111a"),
      ticket(org.id, 9, "buyer 77 is not it", "Order 2555a"),
      ticket(org.id, 10, "neither is buyer7", "Order 3111a"),
      ticket(other.id, 2, "Our buyer77 too", "Order 3555a"),
    ],
  });
  await db.$executeRaw`ANALYZE "Ticket"`;
  // What the list sends (through the pool its hot reads use).
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    sent.push(typeof config === "string" ? config : (config.text ?? ""));
    if (typeof config === "object" && (config as { name?: string }).name) named.push((config as { text: string }).text);
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
});
afterAll(() => {
  pg.Pool.prototype.query = originalQuery;
});

/** The texts the planner sampled from the column, as the lookup reads them. */
async function plannerSample() {
  const [stats] = await db.$queryRaw<{ texts: string[] }[]>`
    SELECT histogram_bounds::text::text[] AS texts FROM pg_stats WHERE tablename = 'Ticket' AND attname = 'searchText'`;
  return stats!.texts;
}

async function found(q: string, extra = "") {
  const numbers: number[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { ticketNumber: number }[]; next: string | null } = await listTickets(
      agent,
      `?q=${encodeURIComponent(q)}&limit=2${extra}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(page.status).toBe(200);
    numbers.push(...page.body.map((t) => t.ticketNumber));
    cursor = page.next;
  } while (cursor);
  return numbers.sort((a, b) => a - b);
}

it("the planner's sample holds the common word and not the rare one (what the lookup is chosen by)", async () => {
  const texts = await plannerSample();
  // Of "4242" only "424" is rare: "242" is also in 10242, 11242, 12242 and 12420-12429.
  expect(searchLookup("reference 4242", texts)).toEqual({ by: "words", words: ["424"] });
  expect(searchLookup("quote", texts)).toEqual({ by: "order" });
});

// Statistics of the keys' expression took most of an ANALYZE of the tickets (which autovacuum runs
// all day), and no plan reads them: a search's own keys come from a subquery.
it("analysing the tickets samples their texts but not their search keys", async () => {
  const analysed = await db.$queryRaw<{ table: string; column: string }[]>`
    SELECT tablename AS "table", attname AS "column" FROM pg_stats
    WHERE tablename IN ('Ticket', 'Ticket_search_keys_idx') AND attname IN ('searchText', 'ticket_search_keys')`;
  expect(analysed).toEqual([{ table: "Ticket", column: "searchText" }]);
});

it.each(["", "&sort=relevance", "&sort=priority"])(
  "finds exactly what the whole term finds, on every page (%s)",
  async (sort) => {
    sent.length = 0;
    expect(await found("Reference 4242", sort)).toEqual([1, 2]);
    // Only the rare word went to the index; the whole term was tested as well.
    const search = sent.find((text) => text.includes(`"searchText" LIKE`));
    expect(search).toContain(`strpos("searchText", lower(`);
    expect(search?.match(/"searchText" LIKE/g)).toHaveLength(1);
  },
);

it("looks up only the rare piece of a word whose other trigrams every ticket has, and finds exactly the word", async () => {
  const texts = await plannerSample();
  expect(searchLookup("Buyer77", texts)).toEqual({ by: "words", words: ["er77"] });
  sent.length = 0;
  expect(await found("Buyer77")).toEqual([6, 7, 8]);
  const search = sent.find((text) => text.includes(`"searchText" LIKE`));
  expect(search).toContain(`strpos("searchText", lower(`);
  expect(search?.match(/"searchText" LIKE/g)).toHaveLength(1);
});

it("finds a rare whole token of the term through the tenant's token keys, and exactly what the whole term finds", async () => {
  const texts = await plannerSample();
  expect(searchLookup("Reference 4242 was", texts)).toEqual({ by: "tokens", tokens: ["4242"] });
  sent.length = 0;
  // Ticket 2's "42420" holds "4242" but not as a whole token, nor the term.
  expect(await found("Reference 4242 was")).toEqual([1]);
  const search = sent.find((text) => text.includes("ticket_search_keys"));
  expect(search).toContain(`strpos("searchText", lower(`);
  expect(search).not.toContain(`"searchText" LIKE`);
  // Only the other organisation's ticket says "our reference 4242 too".
  expect(await found("our reference 4242 t")).toEqual([]);
});

it("reads a common word's matches in the list's order with a statement prepared once, also for best match first", async () => {
  sent.length = 0;
  named.length = 0;
  const page = await listTickets(agent, "?q=QUOTE&limit=100");
  expect(page.status).toBe(200);
  // Every filler says "quote"; the specials (numbers 1-5, newest) do not.
  expect(page.body.map((t) => t.ticketNumber)).toEqual(Array.from({ length: 100 }, (_, i) => 1000 + i));
  const search = sent.find((text) => text.includes("strpos"));
  expect(search).not.toMatch(/\bLIKE\b/);
  expect(named).toContain(search);

  // No subject says "quote": the subject index shows it at once, then the rest walks in order.
  sent.length = 0;
  const ranked = await listTickets(agent, "?q=quote&sort=relevance&limit=100");
  expect(ranked.body.map((t) => t.ticketNumber)).toEqual(page.body.map((t) => t.ticketNumber));
  const parts = sent.filter((text) => text.includes(`FROM "Ticket"`));
  expect(parts).toHaveLength(2);
  expect(parts[0]).toContain(`lower("subject") LIKE`);
  expect(parts[1]).toContain(`strpos("searchText", lower(`);
  expect(parts[1]).not.toMatch(/\bLIKE\b/);
});

it("reads only the subjects for best match first when they fill the page", async () => {
  // Every subject says "order": walked newest first, one statement, the rest never read.
  sent.length = 0;
  const ranked = await listTickets(agent, "?q=ORDER&sort=relevance&limit=100");
  const newestFirst = [
    ...Array.from({ length: 10 }, (_, i) => i + 1),
    ...Array.from({ length: 90 }, (_, i) => 1000 + i),
  ];
  expect(ranked.body.map((t) => t.ticketNumber)).toEqual(newestFirst);
  const parts = sent.filter((text) => text.includes(`FROM "Ticket"`));
  expect(parts).toHaveLength(1);
  expect(parts[0]).toContain(`strpos(lower("subject"), lower(`);
  expect(parts[0]).not.toMatch(/\bLIKE\b/);
});

it("finds a number's tickets by its rare piece, and keeps the whole pattern for several common words", async () => {
  expect(await found("4242")).toEqual([1, 2, 3, 4, 5]);
  sent.length = 0;
  expect(await found("quote reference 1000")).toEqual(Array.from({ length: 10 }, (_, i) => 1000 + i));
  expect(sent.some((text) => text.includes("strpos"))).toBe(false);
});

it.each(["Ticket_search_trgm_idx", "Ticket_search_keys_idx", "Ticket_subject_trgm_idx"])(
  "keeps %s's list of unmerged entries short, since every search reads all of it",
  async (name) => {
    const [index] = await db.$queryRaw<{ options: string[] }[]>`
      SELECT reloptions AS options FROM pg_class WHERE relname = ${name}`;
    expect(index?.options).toEqual(["gin_pending_list_limit=64"]);
  },
);
