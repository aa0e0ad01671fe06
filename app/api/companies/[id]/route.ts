import { route } from "@/lib/http/server/route";
import { companyUpdateSchema } from "@/lib/schemas/companies";
import { companyDetail } from "@/lib/services/companies/read";
import { deleteCompany, updateCompany } from "@/lib/services/companies/write";

// GET /api/companies/{id} - a company with its people and latest tickets (staff).
export const GET = route({ permission: "companies.read" }, ({ user, params }) => companyDetail(user, params.id!));

// PATCH /api/companies/{id} - rename, change domains (its tickets follow) or notes (admins).
export const PATCH = route({ permission: "companies.manage", body: companyUpdateSchema }, ({ user, params, body }) =>
  updateCompany(user, params.id!, body),
);

// DELETE /api/companies/{id} - delete a company; its tickets stay, without it (admins).
export const DELETE = route({ permission: "companies.manage" }, async ({ user, params }) => {
  await deleteCompany(user, params.id!);
  return { ok: true };
});
