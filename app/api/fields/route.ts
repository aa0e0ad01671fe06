import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { customFieldCreateSchema } from "@/lib/schemas/fields-custom";
import { createField, listFields } from "@/lib/services/fields/definitions";

// GET /api/fields - the organisation's custom fields in their order (staff fill them in on tickets).
export const GET = route({ permission: "fields.read" }, ({ user }) => listFields(user));

// POST /api/fields - add a custom field (admins; Pro and above; at most 50).
export const POST = route({ permission: "fields.manage", body: customFieldCreateSchema }, async ({ user, body }) =>
  json(await createField(user, body), { status: 201 }),
);
