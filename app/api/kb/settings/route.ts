import { route } from "@/lib/http/server/route";
import { kbSettingsUpdateSchema } from "@/lib/schemas/kb-api";
import { getKbSettings, updateKbSettings } from "@/lib/services/kb/settings";

// GET /api/kb/settings - whether the help center is on, whether receipts suggest articles, its address (staff).
export const GET = route({ permission: "kb.read" }, ({ user }) => getKbSettings(user));

// PATCH /api/kb/settings - turn the help center or the receipts' suggestions on or off (admins).
export const PATCH = route({ permission: "kb.manage", body: kbSettingsUpdateSchema }, ({ user, body }) =>
  updateKbSettings(user, body),
);
