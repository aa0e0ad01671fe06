import { randomUUID } from "node:crypto";
import { renderKbMarkdown, KB_MARKDOWN_RENDERER_VERSION } from "@/lib/format/kb-markdown";
import { db } from "../../helpers/db";
import type { RouteEntry } from "../route-types";
import type { Tenant } from "../world";

/** A published article of the tenant's help center, titled so the suggestions find it. */
async function publishedArticle(tenant: Tenant, unique: string) {
  const body = "Open Settings, then Security, and type a new password twice.";
  return db.kbArticle.create({
    data: {
      organizationId: tenant.org.id,
      title: `Reset your password ${unique}`,
      slug: `reset-password-${randomUUID().slice(0, 8)}`,
      body,
      bodyHtml: renderKbMarkdown(body),
      bodyHtmlVersion: KB_MARKDOWN_RENDERER_VERSION,
      status: "published",
      publishedAt: new Date(),
    },
  });
}

/** The public help center's routes (/api/help/...): who may call each. */
export const HELP_CENTER_ROUTES: RouteEntry[] = [
  {
    route: "/api/help/[org]/suggest",
    method: "GET",
    access: "public",
    call: async ({ home, unique }) => {
      await publishedArticle(home, unique);
      return { params: { org: home.org.slug }, query: { q: "reset passw" } };
    },
  },
  {
    route: "/api/help/[org]/articles/[slug]/vote",
    method: "POST",
    access: "public",
    ok: 204,
    call: async ({ home, unique }) => {
      const article = await publishedArticle(home, unique);
      return { params: { org: home.org.slug, slug: article.slug }, body: { helpful: true } };
    },
  },
  {
    route: "/api/help/[org]/suggestions/opens",
    method: "POST",
    access: "public",
    ok: 201,
    call: async ({ home, unique }) => {
      const article = await publishedArticle(home, unique);
      return { params: { org: home.org.slug }, body: { slug: article.slug } };
    },
  },
];
