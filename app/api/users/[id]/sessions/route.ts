import { route } from "@/lib/http/server/route";
import { endMemberSessions, listMemberSessions } from "@/lib/services/users/sessions";

// GET /api/users/{id}/sessions - an admin reads a member's live sessions.
export const GET = route({ permission: "users.manage" }, ({ user, params }) => listMemberSessions(user, params.id!));

// DELETE /api/users/{id}/sessions - an admin ends every session of a member.
export const DELETE = route({ permission: "users.manage" }, ({ user, params }) => endMemberSessions(user, params.id!));
