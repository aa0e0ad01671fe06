import { clearSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { revokeSessions } from "@/lib/services/users/accounts";

// POST /api/logout - end every copy of the session on the server and clear the cookie.
export const POST = publicRoute({}, async ({ user }) => {
  if (user) await revokeSessions(user.id);
  return clearSessionCookie(json({ message: "Logged out" }));
});
