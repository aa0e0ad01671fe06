import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { bearerToken, portalCredentials, type PortalCustomer } from "@/lib/auth/portal-token";
import { portalCustomerFromToken } from "@/lib/services/portal/session";
import { getSessionUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { readJsonBody, readRawBody, DEFAULT_MAX_BODY_BYTES } from "@/lib/http/server/body";
import { forbidden, internalError, notFound, tooManyRequests, unauthorized } from "@/lib/errors";
import { toAppError } from "@/lib/http/server/map-error";
import { assertSameOrigin } from "@/lib/http/server/origin";
import { loggable } from "@/lib/http/server/loggable";
import { errorResponse, json, jsonFromText } from "@/lib/http/server/respond";
import { refuseUnstorableText, strictQuery } from "@/lib/http/server/input-text";
import { parseWith } from "@/lib/http/server/validate";
import { can, type Permission } from "@/lib/permissions/table";
import { forgetOrganizationCounts } from "@/lib/services/tickets/counts";
import { apiCaller, spendRequest, type ApiCaller, type RequestBudget } from "@/lib/services/api/caller";
import { authenticateApiToken } from "@/lib/services/api-tokens/authenticate";
import type { ApiTokenScope } from "@/lib/schemas/api-tokens";
import { clientIp } from "@/lib/http/server/client-ip";
import { setRateLimitHeaders } from "@/lib/http/server/rate-limit-headers";
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  requestFingerprint,
  settleIdempotencyKey,
  type IdempotencyKey,
} from "@/lib/services/api/idempotency";
import type { JsonText } from "@/lib/schemas/json";
import { BODY_TEXT } from "@/lib/http/server/body-text.mjs";

type Schema = z.ZodType | undefined;

const ENROL_FIRST = "Your organization requires two-factor sign-in. Set it up to continue.";
type Infer<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

type Options<B extends Schema, Q extends Schema> = {
  /** What the caller must be allowed to do (see lib/permissions/table.ts); omitted means any signed-in user. */
  permission?: Permission;
  body?: B;
  query?: Q;
  maxBodyBytes?: number;
  /**
   * Open to a session that must enrol a second factor first (the organisation requires one):
   * what enrolment itself needs. Every other route answers it 403 two_factor_enrolment_required.
   */
  duringEnrolment?: true;
};

export type RouteContext<U, B extends Schema, Q extends Schema> = {
  req: NextRequest;
  user: U;
  body: Infer<B>;
  query: Infer<Q>;
  params: Record<string, string>;
  requestId: string;
};

type RouteArgs = { params: Promise<Record<string, string | string[]>> };
type Handler<U, B extends Schema, Q extends Schema> = (ctx: RouteContext<U, B, Q>) => Promise<unknown> | unknown;

function logUnexpected(requestId: string, req: NextRequest, error: unknown) {
  console.error(
    JSON.stringify({ level: "error", requestId, method: req.method, path: req.nextUrl.pathname, ...loggable(error) }),
  );
}

async function flattenParams(args?: RouteArgs): Promise<Record<string, string>> {
  const raw = (await args?.params) ?? {};
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
}

function build<U, B extends Schema, Q extends Schema>(
  authenticate: (req: NextRequest) => Promise<U>,
  options: Options<B, Q>,
  handler: Handler<U, B, Q>,
  { sameOrigin = true }: { sameOrigin?: boolean } = {},
) {
  return async (req: NextRequest, args?: RouteArgs): Promise<Response> => {
    const requestId = randomUUID();
    let response: Response;
    try {
      if (sameOrigin) assertSameOrigin(req);
      const user = await authenticate(req);
      // Every route refuses a query or path id that cannot be stored, whether it reads it or not.
      const search = strictQuery(req.nextUrl.search);
      const params = await flattenParams(args);
      refuseUnstorableText(params);
      const query = (options.query ? parseWith(options.query, search) : undefined) as Infer<Q>;
      const body = (
        options.body
          ? parseWith(options.body, await readJsonBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
          : undefined
      ) as Infer<B>;
      const result = await handler({ req, user, body, query, params, requestId });
      response = result instanceof Response ? result : json(result ?? { ok: true });
    } catch (error) {
      const known = toAppError(error);
      if (!known) logUnexpected(requestId, req, error);
      response = errorResponse(known ?? internalError());
    }
    response.headers.set("X-Request-Id", requestId);
    return response;
  };
}

/**
 * The one way in for authenticated API calls: same-origin check on mutations, session
 * (checked against the database), permission, zod-parsed query and body, one error shape.
 * Query, path ids and JSON bodies holding what cannot be stored are refused (input-text.ts).
 * After any call that may have written, this process counts the caller's queues again: the
 * change's notification may reach it after the caller's next request does.
 */
export function route<B extends Schema = undefined, Q extends Schema = undefined>(
  options: Options<B, Q>,
  handler: Handler<SessionUser, B, Q>,
) {
  return build(
    async (req) => {
      const user = await getSessionUser(req);
      if (!user) throw unauthorized();
      if (user.twoFactorPending && !options.duringEnrolment)
        throw forbidden(ENROL_FIRST, "two_factor_enrolment_required");
      if (options.permission && !can(user, options.permission)) throw forbidden();
      return user;
    },
    options,
    async (ctx) => {
      if (ctx.req.method === "GET") return handler(ctx);
      try {
        return await handler(ctx);
      } finally {
        forgetOrganizationCounts(ctx.user.organizationId);
      }
    },
  );
}

/** Same as `route` for calls anyone may make; `user` is the session when there is one. */
export function publicRoute<B extends Schema = undefined, Q extends Schema = undefined>(
  options: Omit<Options<B, Q>, "permission">,
  handler: Handler<SessionUser | null, B, Q>,
) {
  return build((req) => getSessionUser(req), options, handler);
}

/**
 * Same pipeline for the customer portal: the caller is the (organisation, email) of the portal
 * session cookie of the portal the call names, checked against the database; 401 without a
 * live session of that portal.
 */
export function portalRoute<B extends Schema = undefined, Q extends Schema = undefined>(
  options: Omit<Options<B, Q>, "permission">,
  handler: Handler<PortalCustomer, B, Q>,
) {
  return build(
    async (req) => {
      const portal = portalCredentials(req);
      const customer = portal && (await portalCustomerFromToken(portal.slug, portal.token));
      if (!customer) throw unauthorized("Your portal session has expired. Please sign in again.");
      return customer;
    },
    options,
    handler,
  );
}

/**
 * For machines that sign their calls instead of signing in (a mail provider's inbound webhook).
 * A route that is not configured is a 404; otherwise the raw body (of the accepted content
 * types, up to maxBodyBytes) is read and `verify` decides from it and the headers who calls.
 */
export function machineRoute<M>(
  options: {
    enabled: () => boolean;
    contentType: RegExp;
    maxBodyBytes: () => number;
    verify: (req: NextRequest, raw: Buffer) => Promise<M>;
  },
  handler: (ctx: { req: NextRequest; caller: M; raw: Buffer; requestId: string }) => Promise<unknown> | unknown,
) {
  return build(
    async (req) => {
      if (!options.enabled()) throw notFound();
      const raw = await readRawBody(req, options.contentType, options.maxBodyBytes());
      return { caller: await options.verify(req, raw), raw };
    },
    {},
    ({ req, user, requestId }) => handler({ req, caller: user.caller, raw: user.raw, requestId }),
  );
}

/**
 * For calls made with a link mailed to someone without an account (a satisfaction rating):
 * the caller is whoever `resolve` finds behind the `Authorization: Bearer` token (it throttles
 * look-ups and throws 404 or worse for a token that names nothing). The same-origin check,
 * zod parsing and error shape apply as everywhere.
 */
export function linkTokenRoute<C, B extends Schema = undefined, Q extends Schema = undefined>(
  resolve: (token: string | null, req: NextRequest) => Promise<C>,
  options: Omit<Options<B, Q>, "permission">,
  handler: Handler<C, B, Q>,
) {
  return build((req) => resolve(bearerToken(req), req), options, handler);
}

/**
 * The public API (`/api/v1`): the caller is the API token in `Authorization: Bearer`, never a
 * session cookie (a page's cookie does not open the API, and a token never opens a page), and the
 * call needs the token's `scope` (403 `insufficient_scope` without it). No same-origin check: a
 * token is never sent by a browser on its own, so another site cannot borrow it. Each token has
 * a budget of requests a minute, told in the RateLimit-Policy and RateLimit headers of every
 * answer and enforced with 429 and Retry-After. A POST sent with an `Idempotency-Key` is done
 * once: the same key and request again within a day answers the first answer, marked
 * `Idempotent-Replayed: true` (see lib/services/api/idempotency.ts).
 */
export function apiRoute<B extends Schema = undefined, Q extends Schema = undefined>(
  options: Omit<Options<B, Q>, "permission"> & { scope: ApiTokenScope },
  handler: Handler<ApiCaller, B, Q>,
) {
  const budgets = new WeakMap<NextRequest, RequestBudget>();
  const keys = new WeakMap<NextRequest, IdempotencyKey>();
  const claimed = new WeakSet<NextRequest>();
  const run = build(
    async (req) => {
      const secret = bearerToken(req);
      if (!secret) throw unauthorized("An API token is required: Authorization: Bearer <token>");
      const token = await authenticateApiToken(secret, clientIp(req));
      const budget = await spendRequest(token.tokenId);
      budgets.set(req, budget);
      if (!budget.allowed)
        throw tooManyRequests(budget.resetSeconds, "This token has used its requests for this minute");
      if (!token.scopes.includes(options.scope))
        throw forbidden(`This token lacks the ${options.scope} scope`, "insufficient_scope");
      const key = req.method === "POST" ? idempotencyKeyOf(req.headers) : null;
      if (key !== null) keys.set(req, { tokenId: token.tokenId, key });
      return apiCaller(token);
    },
    options,
    async (ctx) => {
      const key = keys.get(ctx.req);
      if (!key) return handler(ctx);
      const fingerprint = requestFingerprint(ctx.req.method, ctx.req.nextUrl.pathname, ctx.body);
      const first = await claimIdempotencyKey(key, fingerprint);
      if (first.kind === "answered")
        return jsonFromText(first.body as JsonText<unknown>, {
          status: first.status,
          headers: { "Idempotent-Replayed": "true" },
        });
      claimed.add(ctx.req);
      return handler(ctx);
    },
    { sameOrigin: false },
  );
  return async (req: NextRequest, args?: RouteArgs): Promise<Response> => {
    const response = await run(req, args);
    const key = keys.get(req);
    if (key && claimed.has(req)) await settleKey(req, key, response);
    const budget = budgets.get(req);
    if (budget) setRateLimitHeaders(response.headers, budget);
    return response;
  };
}

/**
 * Keeps the answer to a claimed Idempotency-Key. The work is done by now: a failure to keep its
 * answer is logged and the answer still sent (the key is then taken over once its claim is given up).
 */
async function settleKey(req: NextRequest, key: IdempotencyKey, response: Response) {
  try {
    const written = (response as Response & { [BODY_TEXT]?: string })[BODY_TEXT];
    await settleIdempotencyKey(key, response.status, written ?? (await response.clone().text()));
  } catch (error) {
    logUnexpected(response.headers.get("X-Request-Id") ?? "", req, error);
  }
}

type RouteHandler = (req: NextRequest, args?: RouteArgs) => Promise<Response>;

/** For paths the workspace and the portal share (`/api/replies`): a call naming a portal is the portal's. */
export function sessionOrPortal(session: RouteHandler, portal: RouteHandler): RouteHandler {
  return (req, args) => (portalCredentials(req) !== null ? portal : session)(req, args);
}
