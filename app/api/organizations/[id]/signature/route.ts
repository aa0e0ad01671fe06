import { route } from "@/lib/http/server/route";
import { mailSignatureSchema } from "@/lib/schemas/organizations";
import { setMailSignature } from "@/lib/services/organizations/mail-signature";

// PUT /api/organizations/{id}/signature - an admin sets their organisation's mail signature ("" removes it).
export const PUT = route(
  { permission: "organization.signature", body: mailSignatureSchema },
  ({ user, params, body }) => setMailSignature(user, params.id!, body.signature),
);
