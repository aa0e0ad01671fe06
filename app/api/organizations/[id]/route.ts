import { route } from "@/lib/http/server/route";
import { changePlanSchema } from "@/lib/schemas/organizations";
import { changeOrganizationPlan, getOrganization } from "@/lib/services/organizations/organizations";

// GET /api/organizations/{id} - own organisation for staff (any organisation for a platform admin), else 404.
export const GET = route({ permission: "organization.usage" }, ({ user, params }) => getOrganization(user, params.id!));

// PATCH /api/organizations/{id} - a platform admin changes the organisation's plan (audited in that organisation).
export const PATCH = route(
  { permission: "organizations.manage_all", body: changePlanSchema },
  ({ user, params, body }) => changeOrganizationPlan(user, params.id!, body.plan),
);
