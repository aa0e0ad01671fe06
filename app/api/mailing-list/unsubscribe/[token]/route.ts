import { publicRoute } from "@/lib/http/server/route";
import { unsubscribe } from "@/lib/services/mail/mailing-list";

// GET /api/mailing-list/unsubscribe/{token} - leave the mailing list (idempotent).
export const GET = publicRoute({}, ({ params }) => unsubscribe(params.token ?? ""));
