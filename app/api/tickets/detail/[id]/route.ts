import { route } from "@/lib/http/server/route";
import { ticketForViewer } from "@/lib/services/fields/customer-values";
import { ticketDetail } from "@/lib/services/tickets/pane";

// GET /api/tickets/detail/{id} - one visible ticket (another tenant's is a 404).
export const GET = route({}, async ({ user, params }) => ticketForViewer(user, await ticketDetail(user, params.id!)));
