import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { badRequest, notFound } from "@/lib/errors";
import { PLANS, planRequiredError } from "@/lib/plans/limits";
import type {
  ApiTokenItem,
  ApiTokenList,
  ApiTokenScope,
  ApiTokenValues,
  CreatedApiToken,
} from "@/lib/schemas/api-tokens";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { recordEvent } from "@/lib/services/audit";
import { lockOrganization } from "@/lib/services/users/seats";
import { newApiTokenSecret } from "@/lib/auth/api-token-secret";
import { forgetApiToken } from "./token-cache";

type Tx = Prisma.TransactionClient;

/** Live (neither revoked nor expired) tokens an organisation may hold at once. */
export const API_TOKEN_LIMIT = 50;
export const API_TOKEN_LIMIT_REACHED = `An organization can have at most ${API_TOKEN_LIMIT} API tokens. Revoke one you no longer use to create another.`;
export const API_TOKEN_NOT_FOUND = "API token not found";

/** The lowest plan with API access: the one a refusal names. */
const API_PLAN = (Object.keys(PLANS) as Plan[]).find((plan) => PLANS[plan].api)!;

/** Tokens are Enterprise's; other plans are refused as every route of theirs is. */
export function assertPlanHasApi(plan: Plan) {
  if (!PLANS[plan].api) throw planRequiredError("API tokens", API_PLAN);
}

const SELECT = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  createdBy: { select: { id: true, fullName: true } },
  expiresAt: true,
  lastUsedAt: true,
  lastUsedIp: true,
} as const satisfies Prisma.ApiTokenSelect;

type Row = Prisma.ApiTokenGetPayload<{ select: typeof SELECT }>;

/** Scopes are written only from the one list (lib/schemas/api-tokens.ts checked them). */
const toItem = (row: Row): ApiTokenItem => ({ ...row, scopes: row.scopes as ApiTokenScope[] });

const live = (now: Date) =>
  ({ revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) satisfies Prisma.ApiTokenWhereInput;

function recordTokenEvent(
  tx: Tx,
  user: SessionUser,
  action: string,
  token: { id: string; name: string; prefix: string },
) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    actorLabel: user.fullName,
    action,
    targetType: "api_token",
    targetId: token.id,
    metadata: { name: token.name, prefix: token.prefix },
  });
}

/** One change to the organisation's tokens, under its lock (so the count against the cap is never raced) once its plan has the API. */
function tokensWrite<T>(user: SessionUser, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    assertPlanHasApi((await lockOrganization(tx, user.organizationId)).plan);
    return write(tx);
  });
}

/** The organisation's tokens, newest first; revoked ones are gone from the list (expired ones stay, marked by their expiry). */
export async function listApiTokens(user: SessionUser): Promise<ApiTokenList> {
  const [org, rows] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: user.organizationId }, select: { plan: true } }),
    db.apiToken.findMany({
      where: { organizationId: user.organizationId, revokedAt: null },
      select: SELECT,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
  ]);
  assertPlanHasApi(org.plan);
  return { tokens: rows.map(toItem), limit: API_TOKEN_LIMIT };
}

/** A new token; its secret is in this answer only (the database keeps its hash). */
export function createApiToken(user: SessionUser, input: ApiTokenValues, now = new Date()): Promise<CreatedApiToken> {
  const organizationId = user.organizationId;
  return tokensWrite(user, async (tx) => {
    const count = await tx.apiToken.count({ where: { organizationId, ...live(now) } });
    if (count >= API_TOKEN_LIMIT) throw badRequest(API_TOKEN_LIMIT_REACHED);
    const { token, prefix, secretHash } = newApiTokenSecret();
    const created = await tx.apiToken.create({
      data: {
        organizationId,
        name: input.name,
        prefix,
        secretHash,
        scopes: input.scopes,
        expiresAt: input.expiresAt,
        createdById: user.id,
      },
      select: SELECT,
    });
    await recordTokenEvent(tx, user, "api_token.created", created);
    return { ...toItem(created), token };
  });
}

/** Revokes a token: the next request with it is refused, on every server process. Another organisation's is a 404. */
export async function revokeApiToken(user: SessionUser, id: string, now = new Date()): Promise<void> {
  const secretHash = await tokensWrite(user, async (tx) => {
    const found = await tx.apiToken.findFirst({
      where: { id, organizationId: user.organizationId, revokedAt: null },
      select: { id: true, name: true, prefix: true, secretHash: true },
    });
    if (!found) throw notFound(API_TOKEN_NOT_FOUND);
    await tx.apiToken.update({ where: { id }, data: { revokedAt: now } });
    await recordTokenEvent(tx, user, "api_token.revoked", found);
    return found.secretHash;
  });
  forgetApiToken(secretHash);
}
