import { route } from "@/lib/http/server/route";
import { ticketRating } from "@/lib/services/satisfaction/reports";

// GET /api/tickets/{id}/rating - the customer's satisfaction rating of the ticket, or null.
export const GET = route({ permission: "satisfaction.read" }, ({ user, params }) => ticketRating(user, params.id!));
