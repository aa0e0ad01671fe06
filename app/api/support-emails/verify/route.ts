import { clientIp } from "@/lib/http/server/client-ip";
import { publicRoute } from "@/lib/http/server/route";
import { verifySupportEmailSchema } from "@/lib/schemas/support-emails";
import { verifySupportEmail } from "@/lib/services/mail/support-emails";

// POST /api/support-emails/verify - follow the confirmation link mailed to a support address (anyone holding it).
export const POST = publicRoute({ body: verifySupportEmailSchema }, async ({ req, body }) => {
  const { email } = await verifySupportEmail(body.token, clientIp(req));
  return { message: `${email} is confirmed. Mail sent to it now becomes tickets.`, email };
});
