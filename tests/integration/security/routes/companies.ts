import { db } from "../../helpers/db";
import { ROLES, type RouteEntry } from "../route-types";
import type { Tenant } from "../world";

/** A company of the target organisation, named and with a domain unique to the call. */
async function company(target: Tenant, unique: string) {
  const slug = unique.toLowerCase().replace(/[^a-z0-9]/g, "");
  return db.company.create({
    data: { organizationId: target.org.id, name: `Company ${unique}`, domains: [`c${slug}.example`] },
  });
}

// Companies: staff read them (and a ticket's company beside it), admins manage them.
export const COMPANY_ROUTES: RouteEntry[] = [
  { route: "/api/companies", method: "GET", access: ROLES.staff, call: () => ({ query: { q: "co" } }) },
  {
    route: "/api/companies",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: ({ unique }) => ({ body: { name: `New ${unique}`, notes: "Pays yearly" } }),
  },
  {
    route: "/api/companies/[id]",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: async ({ target, unique }) => ({ params: { id: (await company(target, unique)).id } }),
  },
  {
    route: "/api/companies/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => ({
      params: { id: (await company(target, unique)).id },
      body: { notes: `Renewal in March ${unique}` },
    }),
  },
  {
    route: "/api/companies/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => ({ params: { id: (await company(target, unique)).id } }),
  },
  {
    route: "/api/companies/[id]/members",
    method: "POST",
    access: ROLES.admins,
    scoped: true,
    ok: 201,
    call: async ({ target, unique }) => ({
      params: { id: (await company(target, unique)).id },
      body: { email: `p-${unique.toLowerCase()}@example.com` },
    }),
  },
  {
    route: "/api/companies/[id]/members",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => {
      const c = await company(target, unique);
      const email = `p-${unique.toLowerCase()}@example.com`;
      await db.companyMember.create({ data: { organizationId: target.org.id, companyId: c.id, email } });
      return { params: { id: c.id }, query: { email } };
    },
  },
  {
    route: "/api/tickets/[id]/company",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
];
