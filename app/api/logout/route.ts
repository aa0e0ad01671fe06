import { currentSessionId } from "@/lib/auth/session";
import { clearSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { endCurrentSession } from "@/lib/services/users/sessions";

// POST /api/logout - end this session (every copy of its cookie) on the server and clear the cookie; other devices stay signed in.
export const POST = publicRoute({}, async ({ req, user }) => {
  if (user) await endCurrentSession(user, await currentSessionId(req));
  return clearSessionCookie(json({ message: "Logged out" }));
});
