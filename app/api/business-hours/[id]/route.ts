import { route } from "@/lib/http/server/route";
import { businessCalendarPatchSchema } from "@/lib/schemas/business-hours";
import { deleteCalendar, updateCalendar } from "@/lib/services/sla/calendars";

// PATCH /api/business-hours/{id} - change some of a calendar's fields (admins; another organisation's is a 404).
export const PATCH = route({ permission: "sla.manage", body: businessCalendarPatchSchema }, ({ user, params, body }) =>
  updateCalendar(user, params.id!, body),
);

// DELETE /api/business-hours/{id} - 204; refused (409) for the default and for a calendar SLA policies use.
export const DELETE = route({ permission: "sla.manage" }, async ({ user, params }) => {
  await deleteCalendar(user, params.id!);
  return new Response(null, { status: 204 });
});
