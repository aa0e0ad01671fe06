import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { apiTokenInputSchema } from "@/lib/schemas/api-tokens";
import { createApiToken, listApiTokens } from "@/lib/services/api-tokens/tokens";

// GET /api/api-tokens - the organisation's API tokens, newest first, never their secrets (admins; Enterprise).
export const GET = route({ permission: "api_tokens.manage" }, ({ user }) => listApiTokens(user));

// POST /api/api-tokens - a new token; the answer holds its secret, this once (admins; at most 50 live tokens).
export const POST = route({ permission: "api_tokens.manage", body: apiTokenInputSchema }, async ({ user, body }) =>
  json(await createApiToken(user, body), { status: 201 }),
);
