import type { ApiTokenScope } from "@/lib/schemas/api-tokens";
import { newApiTokenSecret } from "@/lib/auth/api-token-secret";
import { db } from "./db";

/**
 * A live API token of the organisation with these scopes, and the `Authorization` header that
 * carries it. The organisation moves to Enterprise, the plan with the API.
 */
export async function apiTokenOf(organizationId: string, scopes: readonly ApiTokenScope[], name = "Test token") {
  await db.organization.update({ where: { id: organizationId }, data: { plan: "enterprise" } });
  const { token, prefix, secretHash } = newApiTokenSecret();
  const row = await db.apiToken.create({ data: { organizationId, name, prefix, secretHash, scopes: [...scopes] } });
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}
