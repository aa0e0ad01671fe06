import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { companyCreateSchema, companyListQuerySchema } from "@/lib/schemas/companies";
import { listCompanies } from "@/lib/services/companies/read";
import { createCompany } from "@/lib/services/companies/write";

// GET /api/companies?q= - the organisation's customer companies by name, with their counts (staff).
export const GET = route({ permission: "companies.read", query: companyListQuerySchema }, ({ user, query }) =>
  listCompanies(user, query.q),
);

// POST /api/companies - add a company with its domains and notes; its domains' tickets join it (admins).
export const POST = route({ permission: "companies.manage", body: companyCreateSchema }, async ({ user, body }) =>
  json(await createCompany(user, body), { status: 201 }),
);
