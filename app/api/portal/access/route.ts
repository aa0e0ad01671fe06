import { clientIp } from "@/lib/http/server/client-ip";
import { publicRoute } from "@/lib/http/server/route";
import { portalAccessSchema } from "@/lib/schemas/portal";
import { requestAccessCode, verifyAccessCode } from "@/lib/services/portal/access";

// POST /api/portal/access - {org, email} emails a one-time code; {org, email, code} returns the accessToken.
export const POST = publicRoute({ body: portalAccessSchema }, ({ req, body }) =>
  body.code === undefined
    ? requestAccessCode(body.org || undefined, body.email, clientIp(req))
    : verifyAccessCode(body.org || undefined, body.email, body.code, clientIp(req)),
);
