import { portalRoute } from "@/lib/http/server/route";
import { portalFields } from "@/lib/services/fields/customer-values";

// GET /api/portal/fields - the custom fields a customer fills in on the portal's new ticket.
export const GET = portalRoute({}, ({ user }) => portalFields(user.organizationId));
