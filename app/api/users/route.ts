import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { userListQuerySchema } from "@/lib/schemas/users";
import { listUsers } from "@/lib/services/users/users";

// GET /api/users?q=&limit=&cursor= - the organisation's users, one keyset page (next cursor in X-Next-Cursor).
export const GET = route({ permission: "users.manage", query: userListQuerySchema }, async ({ user, query }) => {
  const { users, nextCursor } = await listUsers(user, query);
  return json(users, { headers: nextCursor ? { "X-Next-Cursor": nextCursor } : {} });
});
