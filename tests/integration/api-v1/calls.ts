import type { NextRequest } from "next/server";
import type { ApiTokenScope } from "@/lib/schemas/api-tokens";
import { apiTokenOf } from "../helpers/api-token";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// What every read of the public API shares in its tests: calling a route as a token, following
// its pages, and the tokens it must refuse.

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type Answer<T> = { status: number; body: T & { error?: string; code?: string }; link: string | null };

/** Calls `handler` at `path` with these headers and route parameters. */
export async function callApi<T>(
  handler: Handler,
  path: string,
  headers: Record<string, string>,
  values: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await handler(
    makeRequest(path, { headers: { ...headers, "x-forwarded-for": "10.4.3.2" } }),
    params(values),
  );
  return { status: res.status, body: (await res.json()) as Answer<T>["body"], link: res.headers.get("link") };
}

type Page<T> = { data: T[]; next_cursor: string | null };

/**
 * Every page of a list at `limit` a page, following the Link header (which must name the body's
 * cursor), and what each page held.
 */
export async function allPages<T>(handler: Handler, path: string, headers: Record<string, string>, limit: number) {
  const pages: T[][] = [];
  let next: string | null = `${path}${path.includes("?") ? "&" : "?"}limit=${limit}`;
  while (next) {
    const { status, body, link }: Answer<Page<T>> = await callApi<Page<T>>(handler, next, headers);
    expect(status).toBe(200);
    pages.push(body.data);
    if (body.next_cursor === null) {
      expect(link).toBeNull();
      next = null;
    } else {
      const url: URL = new URL(/^<(.+)>; rel="next"$/.exec(link ?? "")![1]!);
      expect(url.searchParams.get("cursor")).toBe(body.next_cursor);
      next = url.pathname + url.search;
    }
  }
  return pages;
}

/**
 * Which status and code a call answers to a token of the organisation that lacks `scope` (it has
 * another), to a revoked and to an expired one that hold it.
 */
export async function refusals(handler: Handler, path: string, organizationId: string, scope: ApiTokenScope) {
  const other = await apiTokenOf(organizationId, [scope === "tickets:read" ? "users:read" : "tickets:read"]);
  const revoked = await apiTokenOf(organizationId, [scope]);
  await db.apiToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  const expired = await apiTokenOf(organizationId, [scope]);
  await db.apiToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const outcome = async (headers: Record<string, string>) => {
    const { status, body } = await callApi(handler, path, headers);
    return { status, code: body.code };
  };
  return {
    otherScope: await outcome(other.headers),
    revoked: await outcome(revoked.headers),
    expired: await outcome(expired.headers),
    none: await outcome({}),
  };
}

export const REFUSED = {
  otherScope: { status: 403, code: "insufficient_scope" },
  revoked: { status: 401, code: "unauthorized" },
  expired: { status: 401, code: "unauthorized" },
  none: { status: 401, code: "unauthorized" },
};
