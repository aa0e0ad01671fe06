import { route } from "@/lib/http/server/route";
import { customerSummary } from "@/lib/services/tickets/customers";

// GET /api/tickets/{id}/customer - the ticket's customer: counts, first contact and their other tickets.
export const GET = route({ permission: "tickets.read_all" }, ({ user, params }) => customerSummary(user, params.id!));
