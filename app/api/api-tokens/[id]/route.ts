import { route } from "@/lib/http/server/route";
import { revokeApiToken } from "@/lib/services/api-tokens/tokens";

// DELETE /api/api-tokens/{id} - revokes a token: its next request is refused (admins; another organisation's is a 404).
export const DELETE = route({ permission: "api_tokens.manage" }, async ({ user, params }) => {
  await revokeApiToken(user, params.id!);
  return new Response(null, { status: 204 });
});
