import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { ticketHistoryQuerySchema } from "@/lib/schemas/tickets";
import { ticketHistory } from "@/lib/services/tickets/history";

// GET /api/tickets/{id}/history?cursor=&limit= - who changed what on the ticket, oldest first: the
// newest changes (100 unless asked), the cursor of the earlier ones in X-Next-Cursor.
export const GET = route(
  { permission: "tickets.history", query: ticketHistoryQuerySchema },
  async ({ user, params, query }) => {
    const { events, nextCursor } = await ticketHistory(user, params.id!, query);
    return json(events, { headers: nextCursor ? { "X-Next-Cursor": nextCursor } : {} });
  },
);
