import { publicUser } from "@/lib/auth/session";
import { publicRoute } from "@/lib/http/server/route";

// GET /api/auth/check - who is signed in; anonymous callers get isAuthenticated false.
export const GET = publicRoute({}, ({ user }) =>
  user ? { isAuthenticated: true, user: publicUser(user) } : { isAuthenticated: false, user: null },
);
