import { route } from "@/lib/http/server/route";
import { ADMIN_ROLES } from "@/lib/roles";
import { toggleSupportEmail } from "@/lib/services/support-emails";

// PUT /api/support-emails/{id}/toggle - flip an address between active and inactive (admins).
export const PUT = route({ roles: ADMIN_ROLES }, ({ user, params }) => toggleSupportEmail(user, params.id!));
