import { route } from "@/lib/http/server/route";
import { listTicketMail } from "@/lib/services/tickets/mail";

// GET /api/tickets/{id}/mail - the mail the ticket received (staff), with its authentication verdicts.
export const GET = route({ permission: "tickets.history" }, ({ user, params }) => listTicketMail(user, params.id!));
