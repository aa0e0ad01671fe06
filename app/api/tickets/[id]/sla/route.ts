import { route } from "@/lib/http/server/route";
import { ticketSlaDetail } from "@/lib/services/sla/ticket-sla-detail";

// GET /api/tickets/{id}/sla - the ticket's SLA (staff): its policy and why, its calendar, each target's due, met or breached time.
export const GET = route({ permission: "tickets.read_all" }, ({ user, params }) => ticketSlaDetail(user, params.id!));
