import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { companyMemberSchema } from "@/lib/schemas/companies";
import { addCompanyMember, removeCompanyMember } from "@/lib/services/companies/write";

// POST /api/companies/{id}/members { email } - add an address to the company by hand (admins).
export const POST = route(
  { permission: "companies.manage", body: companyMemberSchema },
  async ({ user, params, body }) => json(await addCompanyMember(user, params.id!, body.email), { status: 201 }),
);

// DELETE /api/companies/{id}/members?email= - remove a hand-added address (admins).
export const DELETE = route(
  { permission: "companies.manage", query: companyMemberSchema },
  async ({ user, params, query }) => {
    await removeCompanyMember(user, params.id!, query.email);
    return { ok: true };
  },
);
