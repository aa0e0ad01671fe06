import { route } from "@/lib/http/server/route";
import { toggleSupportEmail } from "@/lib/services/mail/support-emails";

// PUT /api/support-emails/{id}/toggle - flip an address between active and inactive (admins).
export const PUT = route({ permission: "support_emails.manage" }, ({ user, params }) =>
  toggleSupportEmail(user, params.id!),
);
