import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { organizationListQuerySchema } from "@/lib/schemas/organizations";
import { listOrganizations } from "@/lib/services/organizations/organizations";

// GET /api/organizations - every organisation for a platform admin (keyset page, next cursor in X-Next-Cursor; q searches names), else only the caller's own (staff only).
export const GET = route(
  { permission: "organization.usage", query: organizationListQuerySchema },
  async ({ user, query }) => {
    const { organizations, nextCursor } = await listOrganizations(user, query);
    return json(organizations, { headers: nextCursor ? { "X-Next-Cursor": nextCursor } : {} });
  },
);
