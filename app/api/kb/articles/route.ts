import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { kbArticleCreateSchema } from "@/lib/schemas/kb";
import { KB_ARTICLE_REQUEST_MAX_BYTES, kbArticleListQuerySchema } from "@/lib/schemas/kb-api";
import { createArticle, listArticles } from "@/lib/services/kb/articles";

// GET /api/kb/articles - articles of every status, newest edit first, by title, status and category (staff).
export const GET = route({ permission: "kb.read", query: kbArticleListQuerySchema }, ({ user, query }) =>
  listArticles(user, query),
);

// POST /api/kb/articles - write an article (staff); its slug comes from its title unless one is given.
export const POST = route(
  { permission: "kb.write", body: kbArticleCreateSchema, maxBodyBytes: KB_ARTICLE_REQUEST_MAX_BYTES },
  async ({ user, body }) => json(await createArticle(user, body), { status: 201 }),
);
