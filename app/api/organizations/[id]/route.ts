import { route } from "@/lib/http/route";
import { getOrganization } from "@/lib/services/organizations";

// GET /api/organizations/{id} - own organisation (any organisation for a platform admin), else 404.
export const GET = route({}, ({ user, params }) => getOrganization(user, params.id!));
