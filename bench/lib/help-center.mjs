// The help center the bench searches: 10,000 articles in the largest organisation (bench-0), in
// ten categories, a twentieth of them drafts, written in code when the run starts (once: later
// runs find them). Titles and bodies are made of the words visitors search for, so a common word
// finds hundreds of articles, as a large help center's would.
import pg from "pg";

export const HELP_ARTICLES = 10_000;
export const HELP_ORG_SLUG = "bench-0";
// What visitors type: whole common words, the beginning of one (typed so far), and misspellings
// that full text misses and titles' trigrams find.
export const HELP_QUERIES = [
  "invoice",
  "password",
  "refund",
  "export",
  "webhook",
  "timezone",
  "reset password",
  "download invoice",
  "passw",
  "webho",
  "pasword",
  "refnd",
];
const TOPICS = [
  "invoice",
  "password",
  "refund",
  "export",
  "webhook",
  "timezone",
  "mailbox",
  "plan",
  "team",
  "report",
  "tag",
  "queue",
  "rule",
];
const VERBS = ["reset", "download", "change", "set up", "fix", "find", "share", "remove"];

/**
 * @param {pg.ClientBase} client
 * @param {string} orgId
 */
export async function seedHelpCenter(client, orgId) {
  const {
    rows: [{ count }],
  } = await client.query(
    `SELECT count(*)::int AS "count" FROM "KbArticle" WHERE "organizationId" = $1 AND "id" LIKE 'bench-kb-%'`,
    [orgId],
  );
  if (count >= HELP_ARTICLES) return;
  process.stderr.write(`Writing ${HELP_ARTICLES.toLocaleString("en")} help center articles ...\n`);
  await client.query(
    `INSERT INTO "KbCategory" ("id", "organizationId", "name", "slug", "description", "position", "updatedAt")
     SELECT 'bench-kb-cat-' || i, $1, 'Topic ' || i, 'topic-' || i, 'Articles about topic ' || i, i, now()
     FROM generate_series(0, 9) AS i ON CONFLICT DO NOTHING`,
    [orgId],
  );
  await client.query(
    `INSERT INTO "KbArticle" ("id", "organizationId", "categoryId", "title", "slug", "summary", "body", "bodyHtml",
       "bodyHtmlVersion", "status", "publishedAt", "updatedAt")
     SELECT 'bench-kb-' || k, $1, 'bench-kb-cat-' || (k % 10),
       initcap(v) || ' your ' || t || ' (' || k || ')', 'bench-article-' || k,
       'How to ' || v || ' your ' || t || ' in a few steps.',
       b, '<p>' || b || '</p>', 1, (CASE WHEN k % 20 = 0 THEN 'draft' ELSE 'published' END)::"KbArticleStatus", now(), now()
     FROM generate_series(1, $2::int) AS k
     CROSS JOIN LATERAL (SELECT ($3::text[])[1 + k % 13] AS t, ($4::text[])[1 + (k / 13) % 8] AS v,
       ($3::text[])[1 + (k / 7) % 13] AS other) AS w
     CROSS JOIN LATERAL (SELECT repeat('Open **Settings** and choose ' || other || '. The ' || t ||
       ' page lists what you can ' || v || '; each change is saved at once and shown to the team. ', 8) ||
       'Reference ' || k || '.' AS b) AS body
     ON CONFLICT DO NOTHING`,
    [orgId, HELP_ARTICLES, TOPICS, VERBS],
  );
  await client.query(`VACUUM (ANALYZE) "KbArticle", "KbCategory"`);
}

/** @param {string} databaseUrl */
export async function seedHelpCenterAt(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [HELP_ORG_SLUG]);
    if (rows[0]) await seedHelpCenter(client, rows[0].id);
  } finally {
    await client.end();
  }
}

/**
 * The demo help center's pages (/help/acme): home, its first category, its first published
 * article and a search, as the bundle and Lighthouse benchmarks load them.
 * @param {string} databaseUrl
 */
export async function demoHelpPages(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT (SELECT c."slug" FROM "KbCategory" c WHERE c."organizationId" = o."id"
                 AND EXISTS (SELECT 1 FROM "KbArticle" a WHERE a."categoryId" = c."id" AND a."status" = 'published')
               ORDER BY c."position" LIMIT 1) AS "category",
              (SELECT a."slug" FROM "KbArticle" a WHERE a."organizationId" = o."id" AND a."status" = 'published'
               ORDER BY a."title" LIMIT 1) AS "article"
       FROM "Organization" o WHERE o."slug" = 'acme'`,
    );
    const { category, article } = rows[0] ?? {};
    if (!category || !article)
      throw new Error("The demo organisation's help center has no published article: seed the demo data");
    return {
      home: "/help/acme",
      category: `/help/acme/${category}`,
      article: `/help/acme/articles/${article}`,
      search: "/help/acme/search?q=password",
    };
  } finally {
    await client.end();
  }
}
