import { route } from "@/lib/http/server/route";
import { ADMIN_ROLES } from "@/lib/roles";
import { updateUserSchema } from "@/lib/schemas/users";
import { updateUser } from "@/lib/services/users";

// PATCH /api/users/{id} - change role or active state
export const PATCH = route({ roles: ADMIN_ROLES, body: updateUserSchema }, ({ user, body, params }) => updateUser(user, params.id!, body));
