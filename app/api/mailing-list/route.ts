import { clientIp } from "@/lib/http/server/client-ip";
import { publicRoute } from "@/lib/http/server/route";
import { waitlistSchema } from "@/lib/schemas/mailing-list";
import { subscribe } from "@/lib/services/mail/mailing-list";

// POST /api/mailing-list - join the waitlist (consent required); same answer for known emails.
export const POST = publicRoute({ body: waitlistSchema }, ({ req, body }) => subscribe(body, clientIp(req)));
