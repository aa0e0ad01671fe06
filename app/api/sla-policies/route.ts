import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { slaPolicyInputSchema } from "@/lib/schemas/sla-policies";
import { createSlaPolicy, listSlaPolicies } from "@/lib/services/sla/policies";

// GET /api/sla-policies - the organisation's SLA policies in the order they are tried, and what its plan allows (admins; Pro and above).
export const GET = route({ permission: "sla.manage" }, ({ user }) => listSlaPolicies(user));

// POST /api/sla-policies - a new policy, tried last (admins; Pro: at most 5, Enterprise: any number).
export const POST = route({ permission: "sla.manage", body: slaPolicyInputSchema }, async ({ user, body }) =>
  json(await createSlaPolicy(user, body), { status: 201 }),
);
