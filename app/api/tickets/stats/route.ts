import { route } from "@/lib/http/server/route";
import { ticketStats } from "@/lib/services/tickets/stats";

// GET /api/tickets/stats - dashboard figures for the caller's visible tickets.
export const GET = route({}, ({ user }) => ticketStats(user));
