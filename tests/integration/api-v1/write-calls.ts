import type { NextRequest } from "next/server";
import type { ApiTokenScope } from "@/lib/schemas/api-tokens";
import { historySentence } from "@/lib/format/ticket-history";
import { apiTokenOf } from "../helpers/api-token";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// What the tests of the public API's writes share: calling a route as a token with a body, the
// tokens every write must refuse, and a ticket's history as its screen reads it.

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type Reply<T = Record<string, unknown>> = {
  status: number;
  body: T & { error?: string; code?: string };
  headers: Headers;
};

/** Calls `handler` at `path` with `method`, a JSON body and these headers and route parameters. */
export async function send<T = Record<string, unknown>>(
  handler: Handler,
  path: string,
  {
    method = "POST",
    body,
    headers,
    values = {},
  }: { method?: string; body?: unknown; headers: Record<string, string>; values?: Record<string, string> },
): Promise<Reply<T>> {
  const res = await handler(
    makeRequest(path, { method, body, headers: { ...headers, "x-forwarded-for": "10.6.1.2" } }),
    params(values),
  );
  return { status: res.status, body: (await res.json()) as Reply<T>["body"], headers: res.headers };
}

/**
 * How a write answers tokens of the organisation that may not make it: one holding only
 * tickets:read, a revoked and an expired one holding `scope`, and no token at all.
 */
export async function writeRefusals(
  organizationId: string,
  scope: ApiTokenScope,
  call: (headers: Record<string, string>) => Promise<Reply>,
) {
  const reader = await apiTokenOf(organizationId, ["tickets:read"]);
  const revoked = await apiTokenOf(organizationId, [scope]);
  await db.apiToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  const expired = await apiTokenOf(organizationId, [scope]);
  await db.apiToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const outcome = async (headers: Record<string, string>) => {
    const { status, body } = await call(headers);
    return { status, code: body.code };
  };
  return {
    readOnly: await outcome(reader.headers),
    revoked: await outcome(revoked.headers),
    expired: await outcome(expired.headers),
    none: await outcome({}),
  };
}

export const WRITE_REFUSED = {
  readOnly: { status: 403, code: "insufficient_scope" },
  revoked: { status: 401, code: "unauthorized" },
  expired: { status: 401, code: "unauthorized" },
  none: { status: 401, code: "unauthorized" },
};

/** The ticket's history as its screen reads it, oldest first. */
export async function historyOf(ticketId: string) {
  const ticket = await db.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { customerName: true } });
  const events = await db.auditEvent.findMany({ where: { ticketId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const users = await db.user.findMany({ select: { id: true, fullName: true } });
  const names = new Map(users.map((u) => [u.id, u.fullName]));
  return events.map((e) => historySentence(e, names, ticket.customerName));
}
