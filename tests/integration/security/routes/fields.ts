import { db } from "../../helpers/db";
import { ROLES, type RouteEntry } from "../route-types";
import type { Tenant } from "../world";

/** A text field of the target organisation, its key unique to the call. */
async function customField(target: Tenant, unique: string) {
  const key = `f_${unique.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`.slice(0, 40);
  const position = await db.customField.count({ where: { organizationId: target.org.id } });
  return db.customField.create({
    data: { organizationId: target.org.id, key, label: `Field ${unique}`, type: "text", position },
  });
}

// Custom fields: staff read them (they fill them in on tickets), admins manage them.
export const FIELD_ROUTES: RouteEntry[] = [
  { route: "/api/fields", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/fields",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: ({ unique }) => ({
      body: { key: `k_${unique.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`.slice(0, 40), label: "Order", type: "text" },
    }),
  },
  {
    route: "/api/fields/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => ({
      params: { id: (await customField(target, unique)).id },
      body: { label: `Renamed ${unique}` },
    }),
  },
  {
    route: "/api/portal/fields",
    method: "GET",
    access: "portal",
    portal: { portal_own: 200, portal_other_email: 200, portal_other_org: 200, portal_none: 401 },
    call: () => ({}),
  },
  {
    route: "/api/fields/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => ({ params: { id: (await customField(target, unique)).id } }),
  },
];
