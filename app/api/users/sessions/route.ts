import { currentSessionId } from "@/lib/auth/session";
import { route } from "@/lib/http/server/route";
import { endOtherSessions, listSessions } from "@/lib/services/users/sessions";

// GET /api/users/sessions - the signed-in user's live sessions, this one marked current.
export const GET = route({}, async ({ req, user }) => listSessions(user, await currentSessionId(req)));

// DELETE /api/users/sessions - end all other sessions (this one stays).
export const DELETE = route({}, async ({ req, user }) => endOtherSessions(user, await currentSessionId(req)));
