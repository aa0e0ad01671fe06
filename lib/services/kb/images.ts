import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { sanitizeFilename } from "@/lib/attachments/filename";
import { sniffContentType } from "@/lib/attachments/sniff";
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from "@/lib/errors";
import { kbImageIdsIn, kbImageUrl } from "@/lib/format/kb-markdown";
import { can } from "@/lib/permissions/table";
import {
  KB_IMAGE_MAX_BYTES,
  KB_IMAGE_MISSING,
  KB_IMAGE_NOT_AN_IMAGE,
  KB_IMAGE_TOO_LARGE,
  KB_IMAGE_TYPES,
  type KbImageUploaded,
} from "@/lib/schemas/kb-api";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { attachmentStorage } from "@/lib/storage";

type Tx = Prisma.TransactionClient;

const DAY = 24 * 60 * 60_000;
/** How long an image written outside the database may wait for its transaction before it counts as left behind. */
const UNCOMMITTED_FILE_GRACE_MS = 60 * 60_000;
const IMAGE_NOT_FOUND = "Image not found";

/** What a browser sent as the image: its name as the sender's computer had it, and its bytes. */
export type ImageFile = { filename: string; content: Buffer };

/** The image's name as Markdown's alt text: its filename without the extension or brackets. */
function altText(filename: string): string {
  return (
    filename
      .replace(/\.[A-Za-z0-9]{1,5}$/, "")
      .replace(/[[\]\\]/g, " ")
      .trim() || "image"
  );
}

/**
 * Stores an image for an article body in the attachment store. Its type comes from its bytes,
 * never from its name: only PNG, JPEG, GIF and WebP, the pictures every browser draws and none
 * runs. It belongs to no article until a saved body names it (linkImages); the cleanup removes
 * it a day later if none ever does.
 */
export async function uploadImage(user: SessionUser, file: ImageFile | null): Promise<KbImageUploaded> {
  if (!file) throw badRequest(KB_IMAGE_MISSING);
  if (file.content.length > KB_IMAGE_MAX_BYTES) throw payloadTooLarge(KB_IMAGE_TOO_LARGE);
  if (file.content.length === 0) throw badRequest("The image is empty");
  const filename = sanitizeFilename(file.filename || "image");
  const contentType = sniffContentType(file.content, filename);
  if (!(KB_IMAGE_TYPES as readonly string[]).includes(contentType)) throw unsupportedMediaType(KB_IMAGE_NOT_AN_IMAGE);
  const storage = attachmentStorage();
  const storageKey = `${user.organizationId}/${randomUUID()}`;
  // A store outside the database keeps the file even if the transaction rolls back: note it for
  // the purge first (committed at once) and take the note back in the transaction, as attachments do.
  if (!storage.transactional)
    await db.storageDeletion.create({
      data: { key: storageKey, notBefore: new Date(Date.now() + UNCOMMITTED_FILE_GRACE_MS) },
    });
  const image = await db.$transaction(async (tx) => {
    await storage.put(storageKey, file.content, tx);
    if (!storage.transactional) await tx.storageDeletion.deleteMany({ where: { key: storageKey } });
    return tx.kbImage.create({
      data: {
        organizationId: user.organizationId,
        filename,
        contentType,
        size: file.content.length,
        sha256: createHash("sha256").update(file.content).digest("hex"),
        storageKey,
      },
      select: { id: true, filename: true },
    });
  });
  const url = kbImageUrl(image.id);
  return { id: image.id, url, markdown: `![${altText(image.filename)}](${url})` };
}

/**
 * Makes the images a saved body shows the article's, and lets go of the ones it no longer shows
 * (the cleanup then keeps them only while another article or a revision still names them).
 * Only the organisation's own images are taken: another organisation's id in a body links nothing.
 */
export async function linkImages(tx: Tx, organizationId: string, articleId: string, body: string) {
  const named = kbImageIdsIn(body);
  if (named.length > 0)
    await tx.kbImage.updateMany({ where: { organizationId, id: { in: named } }, data: { articleId } });
  await tx.kbImage.updateMany({
    where: { organizationId, articleId, ...(named.length > 0 && { id: { notIn: named } }) },
    data: { articleId: null },
  });
}

/** An image with its bytes and who may see it: `public` when the help center shows it. */
export type OpenedImage = {
  filename: string;
  contentType: string;
  data: Buffer;
  visibility: "public" | "staff";
};

/**
 * An image as the help center or the editor shows it. The team of its organisation sees every
 * image of its knowledge base; anyone else only an image a published article of a help center
 * that is on shows (the article that holds it, or another that names it). Anything else is a
 * 404, as an image that never existed.
 */
export async function openImage(viewer: SessionUser | null, id: string): Promise<OpenedImage> {
  const image =
    id.length <= 64
      ? await db.kbImage.findUnique({
          where: { id },
          select: {
            organizationId: true,
            filename: true,
            contentType: true,
            storageKey: true,
            article: { select: { status: true } },
            organization: { select: { helpCenterEnabled: true } },
          },
        })
      : null;
  if (!image) throw notFound(IMAGE_NOT_FOUND);
  const staff = viewer !== null && viewer.organizationId === image.organizationId && can(viewer, "kb.read");
  const publicly = await shownPublicly(image, id);
  if (!staff && !publicly) throw notFound(IMAGE_NOT_FOUND);
  const data = await attachmentStorage().get(image.storageKey);
  if (!data) throw notFound(IMAGE_NOT_FOUND);
  return { filename: image.filename, contentType: image.contentType, data, visibility: publicly ? "public" : "staff" };
}

async function shownPublicly(
  image: { organizationId: string; article: { status: string } | null; organization: { helpCenterEnabled: boolean } },
  id: string,
): Promise<boolean> {
  if (!image.organization.helpCenterEnabled) return false;
  if (image.article?.status === "published") return true;
  // Pasted into another article too: that article's body names it.
  const [named] = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "KbArticle" WHERE "organizationId" = ${image.organizationId} AND "status" = 'published'
      AND strpos("body", ${kbImageUrl(id)}) > 0 LIMIT 1`;
  return named !== undefined;
}

/**
 * Images no article names, a day after their upload: first an image that an article's body or
 * one of its revisions still names (pasted elsewhere, or in a version that may be restored) goes
 * back to that article; the rest are deleted, their stored objects queued for the attachments'
 * purge by the KbImage deletion trigger in the same statement.
 */
export async function purgeUnusedImages(now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE "KbImage" i SET "articleId" = COALESCE(
        (SELECT a."id" FROM "KbArticle" a WHERE a."organizationId" = i."organizationId"
           AND strpos(a."body", '/api/kb/images/' || i."id") > 0 LIMIT 1),
        (SELECT r."articleId" FROM "KbArticleRevision" r WHERE r."organizationId" = i."organizationId"
           AND strpos(r."body", '/api/kb/images/' || i."id") > 0 LIMIT 1))
      WHERE i."articleId" IS NULL AND i."createdAt" < ${dayAgo}`;
    const { count } = await tx.kbImage.deleteMany({ where: { articleId: null, createdAt: { lt: dayAgo } } });
    return count;
  });
}
