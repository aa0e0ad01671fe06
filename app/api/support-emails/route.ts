import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { createSupportEmailSchema, supportEmailListQuerySchema } from "@/lib/schemas/support-emails";
import { addSupportEmail, listSupportEmails } from "@/lib/services/mail/support-emails";

// GET /api/support-emails - the caller's organisation's support addresses (staff only).
export const GET = route({ permission: "support_emails.read", query: supportEmailListQuerySchema }, ({ user, query }) =>
  listSupportEmails(user, query.organizationId),
);

// POST /api/support-emails - add an address (admins; plan limit and platform-wide uniqueness enforced).
export const POST = route(
  { permission: "support_emails.manage", body: createSupportEmailSchema },
  async ({ user, body }) => json(await addSupportEmail(user, body), { status: 201 }),
);
