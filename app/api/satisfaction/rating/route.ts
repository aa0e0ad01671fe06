import { clientIp } from "@/lib/http/server/client-ip";
import { linkTokenRoute } from "@/lib/http/server/route";
import { rateTicketSchema } from "@/lib/schemas/satisfaction";
import { rateTicket, ratingCallerFromToken } from "@/lib/services/satisfaction/ratings";

// POST /api/satisfaction/rating - the holder of a "How did we do?" link (Bearer token) rates its ticket or changes the rating.
export const POST = linkTokenRoute(
  (token, req) => ratingCallerFromToken(token, clientIp(req)),
  { body: rateTicketSchema },
  ({ user, body }) => rateTicket(user, body),
);
