import { db } from "../helpers/db";

/** Every priority's targets in business minutes: `minutes` for an urgent first response, the rest in proportion. */
export const slaTargets = (minutes = 60) => ({
  urgent: { firstResponse: minutes, nextResponse: minutes * 2, resolution: minutes * 4 },
  high: { firstResponse: minutes * 2, nextResponse: minutes * 4, resolution: minutes * 8 },
  medium: { firstResponse: minutes * 4, nextResponse: minutes * 8, resolution: minutes * 16 },
  low: { firstResponse: minutes * 8, nextResponse: minutes * 16, resolution: minutes * 32 },
});

/** A policy for every ticket written straight to the database, last in its organisation's order, on its default calendar. */
export async function slaPolicyRow(organizationId: string, name: string) {
  const calendar = await db.businessCalendar.findFirstOrThrow({
    where: { organizationId, isDefault: true },
    select: { id: true },
  });
  const last = await db.slaPolicy.aggregate({ where: { organizationId }, _max: { position: true } });
  return db.slaPolicy.create({
    data: {
      organizationId,
      name,
      nameKey: name.toLowerCase(),
      position: (last._max.position ?? 0) + 1,
      calendarId: calendar.id,
      conditions: { all: [], any: [] },
      targets: slaTargets(),
    },
  });
}
