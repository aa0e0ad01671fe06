import { publicUser } from "@/lib/auth/session";
import { route } from "@/lib/http/server/route";
import { profileSchema } from "@/lib/schemas/auth";
import { updateProfile } from "@/lib/services/profile";

// PATCH /api/users/profile - change the signed-in user's full name and email.
export const PATCH = route({ body: profileSchema }, async ({ user, body }) => ({
  user: publicUser(await updateProfile(user, body)),
}));
