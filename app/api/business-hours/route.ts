import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { businessCalendarInputSchema } from "@/lib/schemas/business-hours";
import { createCalendar, listCalendars } from "@/lib/services/sla/calendars";

// GET /api/business-hours - the organisation's calendars, the default first (admins; Pro and up).
export const GET = route({ permission: "sla.manage" }, ({ user }) => listCalendars(user));

// POST /api/business-hours - a new calendar; `isDefault: true` takes the default from the old one.
export const POST = route({ permission: "sla.manage", body: businessCalendarInputSchema }, async ({ user, body }) =>
  json(await createCalendar(user, body), { status: 201 }),
);
