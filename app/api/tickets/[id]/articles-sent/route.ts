import { route } from "@/lib/http/server/route";
import { articlesSentOnTicket } from "@/lib/services/tickets/pane";

// GET /api/tickets/{id}/articles-sent - which knowledge base articles each reply of the ticket sent (staff).
export const GET = route({ permission: "kb.read" }, ({ user, params }) => articlesSentOnTicket(user, params.id!));
