import { randomUUID } from "node:crypto";
import { KB_MARKDOWN_RENDERER_VERSION } from "@/lib/format/kb-markdown";
import { cleanUpExpired } from "@/lib/services/cleanup";
import { purgeDeletedAttachments } from "@/lib/services/tickets/attachments";
import { putStorageObject } from "@/lib/services/storage-objects";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { PNG_BYTES } from "./kb-fixtures";

// The cleanup keeps the help center's visitor records only as long as a figure uses them
// (helpful votes and searches 31 days, suggested articles opened 90) and removes article images
// that no article names a day after their upload, their bytes through the attachments' purge.
// An image still named by an article or one of its revisions stays, given back to that article.

const DAY = 86_400_000;
const now = new Date("2026-06-15T10:00:00Z");
const day = (n: number) => new Date(Date.UTC(2026, 5, 15) - n * DAY);

let org: Awaited<ReturnType<typeof createOrg>>;
let other: Awaited<ReturnType<typeof createOrg>>;
beforeEach(async () => {
  await resetDatabase();
  org = await createOrg("pro");
  other = await createOrg("pro");
});

async function article(organizationId: string, body = "Text", status: "draft" | "published" = "published") {
  return db.kbArticle.create({
    data: {
      organizationId,
      title: `A ${randomUUID()}`,
      slug: randomUUID(),
      body,
      bodyHtml: "",
      bodyHtmlVersion: KB_MARKDOWN_RENDERER_VERSION,
      status,
    },
  });
}

async function image(organizationId: string, ageMs: number, articleId: string | null = null) {
  const storageKey = `${organizationId}/${randomUUID()}`;
  await putStorageObject(storageKey, PNG_BYTES);
  return db.kbImage.create({
    data: {
      organizationId,
      articleId,
      filename: "x.png",
      contentType: "image/png",
      size: PNG_BYTES.length,
      sha256: "0".repeat(64),
      storageKey,
      createdAt: new Date(now.getTime() - ageMs),
    },
  });
}

it("deletes votes and searches older than 31 days and suggestion opens older than 90", async () => {
  const { id: articleId } = await article(org.id);
  await db.kbArticleVote.createMany({
    data: [30, 31, 32, 60].map((n) => ({ articleId, day: day(n), visitor: `v${n}`, helpful: true })),
  });
  await db.kbSearchTerm.createMany({
    data: [0, 31, 32].map((n) => ({ organizationId: org.id, day: day(n), term: `t${n}`, searches: 1, results: 0 })),
  });
  await db.kbSuggestionOpen.createMany({
    data: [1, 89, 91].map((n) => ({
      organizationId: org.id,
      articleId,
      createdAt: new Date(now.getTime() - n * DAY),
      id: `open-${n}`,
    })),
  });
  await cleanUpExpired(now);
  expect((await db.kbArticleVote.findMany({ orderBy: { visitor: "asc" } })).map((v) => v.visitor)).toEqual([
    "v30",
    "v31",
  ]);
  expect((await db.kbSearchTerm.findMany({ orderBy: { term: "asc" } })).map((t) => t.term)).toEqual(["t0", "t31"]);
  expect((await db.kbSuggestionOpen.findMany({ orderBy: { id: "asc" } })).map((o) => o.id)).toEqual([
    "open-1",
    "open-89",
  ]);
});

it("removes images no article names a day after upload, their bytes through the attachments' purge", async () => {
  const orphan = await image(org.id, 2 * DAY);
  const fresh = await image(org.id, 2 * 60 * 60_000);
  const held = await image(org.id, 40 * DAY, (await article(org.id)).id);
  const namedElsewhere = await image(org.id, 3 * DAY);
  const inArticle = await article(org.id, `![x](/api/kb/images/${namedElsewhere.id})`, "draft");
  const inRevision = await image(org.id, 3 * DAY);
  const revised = await article(org.id, "Now without it");
  await db.kbArticleRevision.create({
    data: {
      organizationId: org.id,
      articleId: revised.id,
      title: "Old",
      summary: "",
      body: `Before: ![x](/api/kb/images/${inRevision.id})`,
      status: "published",
    },
  });
  // Another organisation's article naming the image keeps nothing: names count in its own only.
  const namedByStranger = await image(org.id, 3 * DAY);
  await article(other.id, `![x](/api/kb/images/${namedByStranger.id})`);

  await cleanUpExpired(now);

  const left = await db.kbImage.findMany({ select: { id: true, articleId: true } });
  expect(new Map(left.map((i) => [i.id, i.articleId]))).toEqual(
    new Map([
      [fresh.id, null],
      [held.id, held.articleId],
      [namedElsewhere.id, inArticle.id],
      [inRevision.id, revised.id],
    ]),
  );
  const gone = [orphan, namedByStranger].map((i) => i.storageKey);
  expect((await db.storageDeletion.findMany({ where: { key: { in: gone } } })).length).toBe(2);
  await purgeDeletedAttachments(200, new Date(Date.now() + DAY));
  expect(await db.storageObject.count({ where: { key: { in: gone } } })).toBe(0);
  expect(await db.storageObject.count({ where: { key: fresh.storageKey } })).toBe(1);
});

it("an organisation deleted takes its images' bytes with it through the same purge", async () => {
  const kept = await image(org.id, 0, (await article(org.id)).id);
  await db.organization.delete({ where: { id: org.id } });
  expect(await db.storageDeletion.count({ where: { key: kept.storageKey } })).toBe(1);
  await purgeDeletedAttachments(200, new Date(Date.now() + DAY));
  expect(await db.storageObject.count({ where: { key: kept.storageKey } })).toBe(0);
});
