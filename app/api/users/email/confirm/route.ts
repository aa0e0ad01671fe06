import { currentSessionId } from "@/lib/auth/session";
import { setSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { confirmEmailChangeSchema } from "@/lib/schemas/auth";
import { confirmEmailChange, EMAIL_CHANGED_MESSAGE } from "@/lib/services/users/email-change";
import { carrySession } from "@/lib/services/users/sessions";

// POST /api/users/email/confirm - follow the link mailed to a new address; other sessions end, this browser's stays.
export const POST = publicRoute({ body: confirmEmailChangeSchema }, async ({ req, user, body }) => {
  const moved = await confirmEmailChange(body.token);
  const response = json({ message: EMAIL_CHANGED_MESSAGE });
  const sessionId = user?.id === moved.id ? await carrySession(await currentSessionId(req), moved) : null;
  return sessionId ? setSessionCookie(response, moved, sessionId) : response;
});
