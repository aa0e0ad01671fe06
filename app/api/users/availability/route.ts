import { publicUser } from "@/lib/auth/session";
import { route } from "@/lib/http/server/route";
import { availabilitySchema } from "@/lib/schemas/users";
import { setAvailability } from "@/lib/services/users/availability";

// PUT /api/users/availability - the signed-in agent is available for automatic assignment, or away.
export const PUT = route({ permission: "profile.availability", body: availabilitySchema }, async ({ user, body }) => ({
  user: publicUser(await setAvailability(user, body.availability)),
}));
