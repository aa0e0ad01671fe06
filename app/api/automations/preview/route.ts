import { route } from "@/lib/http/server/route";
import { automationInputSchema } from "@/lib/schemas/automations";
import { previewAutomation } from "@/lib/services/automations/preview";

// POST /api/automations/preview - which of the latest 500 tickets a rule would match and what it would change; nothing is written (admins, plan gated).
export const POST = route({ permission: "automations.manage", body: automationInputSchema }, ({ user, body }) =>
  previewAutomation(user, body),
);
