import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { apiUser } from "@/lib/services/users/api-users";

// GET /api/v1/users/{id} - one member of the organisation's team (API token, users:read).
export const GET = apiRoute(API_V1.getUser, ({ user, params }) => apiUser(user.staff, params.id!));
