import { route } from "@/lib/http/server/route";
import { notificationPreferencesSchema } from "@/lib/schemas/notifications";
import { notificationPreferences, setNotificationPreferences } from "@/lib/services/users/notifications";

// GET /api/users/notifications - the signed-in admin's mail preferences (the weekly summary email).
export const GET = route({ permission: "reports.read_all" }, ({ user }) => notificationPreferences(user));

// PUT /api/users/notifications - turn the weekly summary email of the organisation's reports on or off.
export const PUT = route({ permission: "reports.read_all", body: notificationPreferencesSchema }, ({ user, body }) =>
  setNotificationPreferences(user, body),
);
