import { route } from "@/lib/http/server/route";
import { automationOrderSchema } from "@/lib/schemas/automations";
import { reorderAutomations } from "@/lib/services/automations/rules";

// PUT /api/automations/order - the rules' running order, every rule's id once (admins).
export const PUT = route({ permission: "automations.manage", body: automationOrderSchema }, ({ user, body }) =>
  reorderAutomations(user, body),
);
