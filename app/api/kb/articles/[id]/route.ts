import { route } from "@/lib/http/server/route";
import { KB_ARTICLE_REQUEST_MAX_BYTES } from "@/lib/schemas/kb-api";
import { kbArticleUpdateSchema } from "@/lib/schemas/kb";
import { deleteArticle, getArticle, updateArticle } from "@/lib/services/kb/articles";

// GET /api/kb/articles/{id} - an article as the editor opens it, with its 30-day figures (staff).
export const GET = route({ permission: "kb.read" }, ({ user, params }) => getArticle(user, params.id!));

// PATCH /api/kb/articles/{id} - change any of its fields; a change is saved as a new revision (staff).
export const PATCH = route(
  { permission: "kb.write", body: kbArticleUpdateSchema, maxBodyBytes: KB_ARTICLE_REQUEST_MAX_BYTES },
  ({ user, params, body }) => updateArticle(user, params.id!, body),
);

// DELETE /api/kb/articles/{id} - delete an article with its revisions and figures (staff).
export const DELETE = route({ permission: "kb.write" }, async ({ user, params }) => {
  await deleteArticle(user, params.id!);
  return new Response(null, { status: 204 });
});
