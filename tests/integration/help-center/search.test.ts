import { findHelpCenter, type HelpCenter } from "@/lib/services/kb/help-center";
import { kbDay } from "@/lib/services/kb/day";
import { searchHelpCenter, suggestArticles, SEARCH_PAGE_SIZE } from "@/lib/services/kb/search";
import type { Highlighted } from "@/lib/services/kb/highlight";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { createArticle } from "./fixtures";

// Help center search on a real database: ranking by where the words are, prefixes while typing,
// misspellings through titles' trigrams, highlighted excerpts from the article's text, and
// nothing but the published articles of this help center while it is on.

let center: HelpCenter;
let other: HelpCenter;

const text = (pieces: Highlighted) => pieces.map((p) => p.text).join("");
const marked = (pieces: Highlighted) => pieces.filter((p) => p.match).map((p) => p.text.toLowerCase());
const slugs = async (q: string, c = center) => (await searchHelpCenter(c, q)).hits.map((h) => h.slug);

beforeAll(async () => {
  await resetDatabase();
  const org = await createOrg();
  const foreign = await createOrg();
  center = (await findHelpCenter(org.slug))!;
  other = (await findHelpCenter(foreign.slug))!;
  // The body match is written first, so insertion order cannot put the title match on top.
  await createArticle(org.id, {
    slug: "billing-cycle",
    title: "How the billing cycle works",
    body: "Each month we send an invoice. The invoice lists every seat. Keep the invoice for your records.",
  });
  await createArticle(org.id, {
    slug: "payment-methods",
    title: "Payment methods we accept",
    summary: "Cards, bank transfer, and where the invoice shows them.",
    body: "We accept cards and bank transfers.",
  });
  await createArticle(org.id, {
    slug: "download-invoice",
    title: "Download an invoice",
    body: "Open Billing and choose Download.",
  });
  await createArticle(org.id, {
    slug: "reset-password",
    title: "Reset your password",
    summary: "Forgot it? Set a new one in a minute.",
    body: "## Steps\n\n1. Open **Settings** and choose [Security](https://example.test/security).\n2. Type a new `password` twice.\n\nYour old password stops working at once.",
  });
  await createArticle(org.id, { slug: "draft-secret", title: "Zanzibar pricing draft", status: "draft" });
  await createArticle(org.id, { slug: "internal-secret", title: "Zanzibar escalation internal", status: "internal" });
  await createArticle(foreign.id, { slug: "foreign-zanzibar", title: "Zanzibar office hours" });
  await createArticle(foreign.id, { slug: "foreign-password", title: "Reset your password at Foreign" });
});

describe("ranking", () => {
  it("puts a title match above a summary match above a body match", async () => {
    expect(await slugs("invoice")).toEqual(["download-invoice", "payment-methods", "billing-cycle"]);
  });

  it("needs every word, in any form English stems to the same word", async () => {
    expect(await slugs("invoices download")).toEqual(["download-invoice"]);
    // Full text finds one (titles close to the words may follow it, as for a misspelling).
    expect((await slugs("invoice seats"))[0]).toBe("billing-cycle");
    expect(await slugs("invoice seats")).not.toContain("payment-methods");
  });
});

describe("while the visitor types", () => {
  it.each(["passw", "reset pass", "RESET PASSWO"])(
    "finds the article by the beginning of its last word: %s",
    async (q) => {
      expect(await slugs(q)).toEqual(["reset-password"]);
    },
  );

  it("reads what was typed as words only: tsquery syntax is neither obeyed nor an error", async () => {
    // As syntax these would mean "not password" and "invoice or seats".
    expect(await slugs("!password")).toEqual(["reset-password"]);
    expect((await slugs("invoice | seats"))[0]).toBe("billing-cycle");
    expect(await slugs("invoice | seats")).not.toContain("payment-methods");
    expect(await slugs("reset! (passw")).toEqual(["reset-password"]);
    expect(await slugs("&|!():*'<->")).toEqual([]);
  });
});

describe("misspellings", () => {
  it.each(["pasword", "recet pasword", "invoce"])(
    "finds titles close to %s when full text finds nothing",
    async (q) => {
      const result = await searchHelpCenter(center, q);
      expect(result.hits.length).toBeGreaterThan(0);
      expect(result.hits[0]!.slug).toBe(q === "invoce" ? "download-invoice" : "reset-password");
    },
  );

  it("offers nothing for words no title comes close to", async () => {
    expect(await slugs("qwxzjv")).toEqual([]);
  });
});

describe("highlighting", () => {
  it("marks the searched words in the title and in an excerpt of the article's text, not its Markdown", async () => {
    const [hit] = (await searchHelpCenter(center, "password")).hits;
    expect(marked(hit!.title)).toEqual(["password"]);
    expect(text(hit!.title)).toBe("Reset your password");
    const excerpt = text(hit!.excerpt);
    expect(marked(hit!.excerpt)).toContain("password");
    expect(excerpt).toContain("Open Settings and choose Security");
    for (const markup of ["**", "](", "https://", "`", "##"]) expect(excerpt).not.toContain(markup);
    expect(hit!.summary).toBe("Forgot it? Set a new one in a minute.");
  });

  it("keeps markup a visitor typed or an article holds as text for React to escape", async () => {
    const org = await db.organization.findUniqueOrThrow({ where: { id: center.id } });
    await createArticle(org.id, {
      slug: "angle-brackets",
      title: "Quoting <b>tags</b> safely",
      body: "Write <script>alert(1)</script> in a code block: `<b>`.",
    });
    const [hit] = (await searchHelpCenter(center, "quoting tags")).hits;
    expect(text(hit!.title)).toBe("Quoting <b>tags</b> safely");
    expect(text(hit!.excerpt)).toContain("<script>alert(1)</script>");
  });
});

describe("what is never found", () => {
  it("finds no draft and no internal article, by search or suggestion", async () => {
    expect(await slugs("zanzibar")).toEqual([]);
    expect(await slugs("zanzibr")).toEqual([]);
    expect(await suggestArticles(center, "zanzibar")).toEqual([]);
  });

  it("finds no article of another organisation", async () => {
    expect(await slugs("password")).toEqual(["reset-password"]);
    expect(await slugs("zanzibar", other)).toEqual(["foreign-zanzibar"]);
    expect((await suggestArticles(center, "reset password")).map((s) => s.slug)).toEqual(["reset-password"]);
  });

  it("finds nothing once the help center is turned off, and the help center itself is not found", async () => {
    await db.organization.update({ where: { id: other.id }, data: { helpCenterEnabled: false } });
    try {
      expect(await slugs("zanzibar", other)).toEqual([]);
      expect(await slugs("zanzibr", other)).toEqual([]);
      expect(await suggestArticles(other, "zanzibar")).toEqual([]);
      expect(await findHelpCenter(other.slug)).toBeNull();
    } finally {
      await db.organization.update({ where: { id: other.id }, data: { helpCenterEnabled: true } });
    }
  });
});

describe("suggestions", () => {
  it("answers at most three, best first, with title, slug and summary only", async () => {
    const org = await db.organization.findUniqueOrThrow({ where: { id: center.id } });
    for (const n of [1, 2, 3, 4]) await createArticle(org.id, { slug: `export-${n}`, title: `Export report ${n}` });
    const suggestions = await suggestArticles(center, "export rep");
    expect(suggestions).toHaveLength(3);
    expect(Object.keys(suggestions[0]!).sort()).toEqual(["slug", "summary", "title"]);
    expect(await suggestArticles(center, "")).toEqual([]);
  });

  it("takes a subject as a sentence: articles with the most of its words when none has all of them", async () => {
    const org = await db.organization.findUniqueOrThrow({ where: { id: center.id } });
    await createArticle(org.id, { slug: "sentence-kettle", title: "Descaling the kettle" });
    await createArticle(org.id, { slug: "sentence-warranty", title: "Kettle warranty claims", body: "Send a photo" });
    const titles = (await suggestArticles(center, "My kettle leaks, is it under warranty?")).map((s) => s.slug);
    expect(titles.slice(0, 2)).toEqual(["sentence-warranty", "sentence-kettle"]);
  });
});

describe("the searches kept for the team", () => {
  it("logs each first page of a search under its normalised words, today, with the results of the last", async () => {
    await searchHelpCenter(center, "  Invoice   DOWNLOAD ");
    await searchHelpCenter(center, "invoice, download!");
    await searchHelpCenter(center, "invoice download", 2);
    await searchHelpCenter(center, "nothing matches this");
    const rows = await db.kbSearchTerm.findMany({
      where: { organizationId: center.id, term: { in: ["invoice download", "nothing matches this"] } },
      orderBy: { term: "asc" },
    });
    expect(
      rows.map((r) => ({
        term: r.term,
        searches: r.searches,
        results: r.results,
        day: r.day.toISOString().slice(0, 10),
      })),
    ).toEqual([
      { term: "invoice download", searches: 2, results: 1, day: kbDay() },
      { term: "nothing matches this", searches: 1, results: 0, day: kbDay() },
    ]);
  });

  it("logs nothing for an empty search or a suggestion", async () => {
    const before = await db.kbSearchTerm.count();
    await searchHelpCenter(center, "  !! ");
    await suggestArticles(center, "invoice");
    expect(await db.kbSearchTerm.count()).toBe(before);
  });
});

describe("pages of results", () => {
  it("pages many matches in rank order and counts them all", async () => {
    const org = await db.organization.findUniqueOrThrow({ where: { id: center.id } });
    await db.kbArticle.createMany({
      data: Array.from({ length: SEARCH_PAGE_SIZE + 5 }, (_, i) => ({
        organizationId: org.id,
        title: `Webhook guide ${String(i).padStart(2, "0")}`,
        slug: `webhook-${i}`,
        body: "webhook",
        bodyHtml: "<p>webhook</p>",
        bodyHtmlVersion: 1,
        status: "published" as const,
      })),
    });
    const first = await searchHelpCenter(center, "webhook");
    const second = await searchHelpCenter(center, "webhook", 2);
    expect({ total: first.total, pages: first.pages, shown: first.hits.length }).toEqual({
      total: SEARCH_PAGE_SIZE + 5,
      pages: 2,
      shown: SEARCH_PAGE_SIZE,
    });
    expect(second.hits).toHaveLength(5);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.slug)).size).toBe(SEARCH_PAGE_SIZE + 5);
  });
});
