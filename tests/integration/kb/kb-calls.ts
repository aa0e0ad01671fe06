import { DELETE as deleteCategoryRoute, PATCH as patchCategoryRoute } from "@/app/api/kb/categories/[id]/route";
import { GET as listCategoriesRoute, POST as createCategoryRoute } from "@/app/api/kb/categories/route";
import {
  DELETE as deleteArticleRoute,
  GET as getArticleRoute,
  PATCH as patchArticleRoute,
} from "@/app/api/kb/articles/[id]/route";
import { GET as listArticlesRoute, POST as createArticleRoute } from "@/app/api/kb/articles/route";
import { GET as listRevisionsRoute } from "@/app/api/kb/articles/[id]/revisions/route";
import { POST as restoreRoute } from "@/app/api/kb/articles/[id]/revisions/[revisionId]/restore/route";
import { POST as previewRoute } from "@/app/api/kb/preview/route";
import { POST as uploadRoute } from "@/app/api/kb/images/route";
import { GET as imageRoute } from "@/app/api/kb/images/[id]/route";
import { GET as settingsRoute, PATCH as patchSettingsRoute } from "@/app/api/kb/settings/route";
import { GET as insightsRoute } from "@/app/api/kb/insights/route";
import { sessionCookie } from "../helpers/fixtures";
import { makeRequest, params } from "../helpers/request";
import { multipartBody } from "./kb-fixtures";

// The knowledge base's routes called as a browser would, as one user (or nobody): status and JSON.

export type Caller = { id: string; sessionVersion: number } | null;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any };

const headersOf = async (user: Caller): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

type Route = (req: ReturnType<typeof makeRequest>, ctx: ReturnType<typeof params>) => Promise<Response>;

async function call(route: Route, user: Caller, path: string, method = "GET", body?: unknown, values = {}) {
  const req = makeRequest(path, { method, body, headers: await headersOf(user) });
  return answer(await route(req, params(values)));
}

export const kb = {
  listCategories: (user: Caller) => call(listCategoriesRoute, user, "/api/kb/categories"),
  createCategory: (user: Caller, body: unknown) => call(createCategoryRoute, user, "/api/kb/categories", "POST", body),
  updateCategory: (user: Caller, id: string, body: unknown) =>
    call(patchCategoryRoute, user, `/api/kb/categories/${id}`, "PATCH", body, { id }),
  deleteCategory: (user: Caller, id: string) =>
    call(deleteCategoryRoute, user, `/api/kb/categories/${id}`, "DELETE", undefined, { id }),
  listArticles: (user: Caller, query: Record<string, string> = {}) =>
    call(listArticlesRoute, user, `/api/kb/articles?${new URLSearchParams(query)}`),
  createArticle: (user: Caller, body: unknown) => call(createArticleRoute, user, "/api/kb/articles", "POST", body),
  getArticle: (user: Caller, id: string) =>
    call(getArticleRoute, user, `/api/kb/articles/${id}`, "GET", undefined, { id }),
  updateArticle: (user: Caller, id: string, body: unknown) =>
    call(patchArticleRoute, user, `/api/kb/articles/${id}`, "PATCH", body, { id }),
  deleteArticle: (user: Caller, id: string) =>
    call(deleteArticleRoute, user, `/api/kb/articles/${id}`, "DELETE", undefined, { id }),
  revisions: (user: Caller, id: string) =>
    call(listRevisionsRoute, user, `/api/kb/articles/${id}/revisions`, "GET", undefined, { id }),
  restore: (user: Caller, id: string, revisionId: string) =>
    call(restoreRoute, user, `/api/kb/articles/${id}/revisions/${revisionId}/restore`, "POST", undefined, {
      id,
      revisionId,
    }),
  preview: (user: Caller, body: unknown) => call(previewRoute, user, "/api/kb/preview", "POST", body),
  settings: (user: Caller) => call(settingsRoute, user, "/api/kb/settings"),
  updateSettings: (user: Caller, body: unknown) => call(patchSettingsRoute, user, "/api/kb/settings", "PATCH", body),
  insights: (user: Caller) => call(insightsRoute, user, "/api/kb/insights"),
  async upload(user: Caller, filename: string, bytes: Buffer, options?: { field?: string; type?: string }) {
    const { body, contentType } = multipartBody(filename, bytes, options);
    const req = makeRequest("/api/kb/images", {
      method: "POST",
      rawBody: body,
      headers: { ...(await headersOf(user)), "content-type": contentType },
    });
    return answer(await uploadRoute(req, params()));
  },
  /** The image as served: status, headers and bytes. */
  async image(user: Caller, id: string) {
    const res = await imageRoute(
      makeRequest(`/api/kb/images/${id}`, { headers: await headersOf(user) }),
      params({ id }),
    );
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  },
};
