import { route } from "@/lib/http/server/route";
import { endOwnSession } from "@/lib/services/users/sessions";

// DELETE /api/users/sessions/{id} - end one of the signed-in user's sessions; its next request is a 401.
export const DELETE = route({}, async ({ user, params }) => {
  await endOwnSession(user, params.id!);
  return { message: "Session ended" };
});
