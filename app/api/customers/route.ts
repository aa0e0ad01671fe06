import { route } from "@/lib/http/server/route";
import { customerSearchQuerySchema } from "@/lib/schemas/customers";
import { searchCustomers } from "@/lib/services/tickets/customers";

// GET /api/customers?q= - customers of the organisation whose name or email contains q (new-ticket picker).
export const GET = route({ permission: "tickets.read_all", query: customerSearchQuerySchema }, ({ user, query }) =>
  searchCustomers(user, query.q),
);
