import { setSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { confirmEmailChangeSchema } from "@/lib/schemas/auth";
import { confirmEmailChange, EMAIL_CHANGED_MESSAGE } from "@/lib/services/users/email-change";

// POST /api/users/email/confirm - follow the link mailed to a new address; other sessions end, this browser's stays.
export const POST = publicRoute({ body: confirmEmailChangeSchema }, async ({ user, body }) => {
  const moved = await confirmEmailChange(body.token);
  const response = json({ message: EMAIL_CHANGED_MESSAGE });
  return user?.id === moved.id ? setSessionCookie(response, moved) : response;
});
