import { z } from "./zod";

/**
 * PUT /api/users/notifications: the signed-in admin's mail about the organisation, so far the
 * weekly summary of the reports (every Monday morning in the organisation's zone).
 */
export const notificationPreferencesSchema = z.object({
  weeklySummaryEmail: z.boolean({ error: "weeklySummaryEmail must be true or false" }),
});

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
