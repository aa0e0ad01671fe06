import { route } from "@/lib/http/server/route";
import { resendSupportEmailVerification } from "@/lib/services/mail/support-emails";

// POST /api/support-emails/{id}/verification - mail the address a new confirmation link (admins; throttled).
export const POST = route({ permission: "support_emails.manage" }, ({ user, params }) =>
  resendSupportEmailVerification(user, params.id!),
);
