import { publicUser } from "@/lib/auth/session";
import { route } from "@/lib/http/server/route";
import { profileSchema } from "@/lib/schemas/auth";
import { updateProfile } from "@/lib/services/users/profile";

// PATCH /api/users/profile - change the signed-in user's full name; a new email waits for the link mailed there.
export const PATCH = route({ body: profileSchema }, async ({ user, body }) => {
  const { user: updated, pendingEmail } = await updateProfile(user, body);
  return { user: publicUser(updated), ...(pendingEmail ? { pendingEmail } : {}) };
});
