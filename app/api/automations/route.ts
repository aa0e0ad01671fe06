import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { automationInputSchema } from "@/lib/schemas/automations";
import { createAutomation, listAutomations } from "@/lib/services/automations/rules";

// GET /api/automations - the organisation's rules in running order and what its plan allows (admins).
export const GET = route({ permission: "automations.manage" }, ({ user }) => listAutomations(user));

// POST /api/automations - a new rule, run last (admins; plan gated: event rules from Pro, time rules on Enterprise).
export const POST = route({ permission: "automations.manage", body: automationInputSchema }, async ({ user, body }) =>
  json(await createAutomation(user, body), { status: 201 }),
);
