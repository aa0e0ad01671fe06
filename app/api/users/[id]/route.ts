import { route } from "@/lib/http/server/route";
import { updateUserSchema } from "@/lib/schemas/users";
import { updateUser } from "@/lib/services/users/users";

// PATCH /api/users/{id} - change role or active state
export const PATCH = route({ permission: "users.manage", body: updateUserSchema }, ({ user, body, params }) =>
  updateUser(user, params.id!, body),
);
