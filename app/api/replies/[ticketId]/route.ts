import { route } from "@/lib/http/route";
import { listReplies } from "@/lib/services/replies";

// GET /api/replies/{ticketId} - the conversation; internal notes for staff only.
export const GET = route({}, ({ user, params }) => listReplies(user, params.ticketId!));
