import { randomUUID } from "node:crypto";
import type { KbArticleStatus } from "@/generated/prisma/enums";
import { KB_MARKDOWN_RENDERER_VERSION, renderKbMarkdown } from "@/lib/format/kb-markdown";
import { putStorageObject } from "@/lib/services/storage-objects";
import { db } from "../../helpers/db";
import { multipartFile, PNG_BYTES } from "../../kb/kb-fixtures";
import { ROLES, type CallContext, type RouteEntry } from "../route-types";
import type { Tenant } from "../world";

/** An article of the target organisation (a draft unless asked), with its first revision. */
async function kbArticle(target: Tenant, unique: string, status: KbArticleStatus = "draft", body = "Hello") {
  const author = target.users.agent.id;
  return db.kbArticle.create({
    data: {
      organizationId: target.org.id,
      title: `Article ${unique}`,
      slug: `article-${unique}`.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
      body,
      bodyHtml: renderKbMarkdown(body),
      bodyHtmlVersion: KB_MARKDOWN_RENDERER_VERSION,
      status,
      authorId: author,
      editorId: author,
      revisions: {
        create: [
          {
            organizationId: target.org.id,
            title: `First ${unique}`,
            summary: "",
            body: "First",
            status,
            editorId: author,
          },
        ],
      },
    },
    include: { revisions: true },
  });
}

async function kbCategory(target: Tenant, unique: string) {
  const position = await db.kbCategory.count({ where: { organizationId: target.org.id } });
  return db.kbCategory.create({
    data: {
      organizationId: target.org.id,
      name: `Category ${unique}`,
      slug: `category-${unique}`.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
      position,
    },
  });
}

/** An image of the target organisation in one of its drafts: only its team may see it. */
async function kbDraftImage({ target, unique }: CallContext) {
  const article = await kbArticle(target, unique);
  const storageKey = `${target.org.id}/${randomUUID()}`;
  await putStorageObject(storageKey, PNG_BYTES);
  const image = await db.kbImage.create({
    data: {
      organizationId: target.org.id,
      articleId: article.id,
      filename: "screen.png",
      contentType: "image/png",
      size: PNG_BYTES.length,
      sha256: "0".repeat(64),
      storageKey,
    },
  });
  return image.id;
}

/** The knowledge base's routes for the team (/api/kb/...): who may call each. */
export const KB_ROUTES: RouteEntry[] = [
  // Categories: the team lists them, admins manage them.
  { route: "/api/kb/categories", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/kb/categories",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: ({ unique }) => ({ body: { name: `Billing ${unique}`, description: "Plans and invoices" } }),
  },
  {
    route: "/api/kb/categories/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => ({
      params: { id: (await kbCategory(target, unique)).id },
      body: { name: `Renamed ${unique}`, position: 0 },
    }),
  },
  {
    route: "/api/kb/categories/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    ok: 204,
    call: async ({ target, unique }) => ({ params: { id: (await kbCategory(target, unique)).id } }),
  },
  // Articles: the team reads, writes and publishes them.
  {
    route: "/api/kb/articles",
    method: "GET",
    access: ROLES.staff,
    call: () => ({ query: { q: "article", status: "draft", limit: "10" } }),
  },
  {
    route: "/api/kb/articles",
    method: "POST",
    access: ROLES.staff,
    ok: 201,
    call: ({ unique }) => ({
      body: { title: `How to reset ${unique}`, body: "# Steps\n\n1. Open Settings", summary: "", status: "draft" },
    }),
  },
  {
    route: "/api/kb/articles/[id]",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: async ({ target, unique }) => ({ params: { id: (await kbArticle(target, unique)).id } }),
  },
  {
    route: "/api/kb/articles/[id]",
    method: "PATCH",
    access: ROLES.staff,
    scoped: true,
    call: async ({ target, unique }) => ({
      params: { id: (await kbArticle(target, unique)).id },
      body: { title: `Edited ${unique}`, status: "published" },
    }),
  },
  {
    route: "/api/kb/articles/[id]",
    method: "DELETE",
    access: ROLES.staff,
    scoped: true,
    ok: 204,
    call: async ({ target, unique }) => ({ params: { id: (await kbArticle(target, unique)).id } }),
  },
  {
    route: "/api/kb/articles/[id]/revisions",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: async ({ target, unique }) => ({ params: { id: (await kbArticle(target, unique)).id } }),
  },
  {
    route: "/api/kb/articles/[id]/revisions/[revisionId]/restore",
    method: "POST",
    access: ROLES.staff,
    scoped: true,
    call: async ({ target, unique }) => {
      const article = await kbArticle(target, unique);
      return { params: { id: article.id, revisionId: article.revisions[0]!.id } };
    },
  },
  {
    route: "/api/kb/preview",
    method: "POST",
    access: ROLES.staff,
    call: () => ({ body: { body: "## Preview\n\n| a | b |\n|---|---|\n| 1 | 2 |" } }),
  },
  // Images: the team uploads them; the help center shows the published ones to anyone.
  {
    route: "/api/kb/images",
    method: "POST",
    access: ROLES.staff,
    ok: 201,
    call: () => multipartFile("screen.png", PNG_BYTES),
  },
  {
    route: "/api/kb/images/[id]",
    method: "GET",
    access: "public",
    scoped: true,
    // In a draft: its organisation's team sees it; its customers and strangers get a 404.
    ok: { anonymous: 404, end_user: 404 },
    call: async (ctx) => ({ params: { id: await kbDraftImage(ctx) } }),
  },
  // The help center's settings: the team reads them (and its address), admins change them.
  { route: "/api/kb/settings", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/kb/settings",
    method: "PATCH",
    access: ROLES.admins,
    call: () => ({ body: { helpCenterEnabled: false, receiptSuggestsArticles: true } }),
  },
  { route: "/api/kb/insights", method: "GET", access: ROLES.staff, call: () => ({}) },
];
