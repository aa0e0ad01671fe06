import { randomUUID } from "node:crypto";
import type { KbArticleStatus } from "@/generated/prisma/enums";
import { KB_MARKDOWN_RENDERER_VERSION, renderKbMarkdown } from "@/lib/format/kb-markdown";
import { db } from "../helpers/db";

/** A category of the organisation, written straight to the database. */
export async function createCategory(organizationId: string, name: string, position = 0) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 6)}`;
  return db.kbCategory.create({ data: { organizationId, name, slug, position } });
}

/** An article written straight to the database, its body rendered as the authoring API renders it. */
export async function createArticle(
  organizationId: string,
  {
    title,
    body = "Some words.",
    summary = "",
    status = "published",
    categoryId = null,
    slug,
  }: {
    title: string;
    body?: string;
    summary?: string;
    status?: KbArticleStatus;
    categoryId?: string | null;
    slug?: string;
  },
) {
  return db.kbArticle.create({
    data: {
      organizationId,
      categoryId,
      title,
      slug:
        slug ??
        `${title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")}-${randomUUID().slice(0, 6)}`,
      summary,
      body,
      bodyHtml: renderKbMarkdown(body),
      bodyHtmlVersion: KB_MARKDOWN_RENDERER_VERSION,
      status,
      publishedAt: status === "published" ? new Date() : null,
    },
  });
}
