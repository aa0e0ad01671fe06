import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import type { Conditions } from "@/lib/schemas/automations";
import { assertReferencesOwn } from "@/lib/services/automations/references";

type Tx = Prisma.TransactionClient;

export const UNKNOWN_CALENDAR = "Unknown calendar";
export const UNKNOWN_SUPPORT_ADDRESS = "Unknown support address";

const refused = (message: string, paths: string[]) =>
  badRequest(
    message,
    paths.map((path) => ({ path, message })),
  );

/**
 * The calendar a policy counts on: the one named, of the organisation (another organisation's
 * reads like one that does not exist), or else the organisation's default. It stays until the
 * transaction ends, so a calendar deleted at that moment is not left under a new policy.
 */
export async function policyCalendar(
  tx: Tx,
  organizationId: string,
  calendarId: string | undefined,
): Promise<{ id: string; name: string }> {
  const [calendar] = calendarId
    ? await tx.$queryRaw<{ id: string; name: string }[]>`
        SELECT "id", "name" FROM "BusinessCalendar"
        WHERE "id" = ${calendarId} AND "organizationId" = ${organizationId} FOR KEY SHARE`
    : await tx.$queryRaw<{ id: string; name: string }[]>`
        SELECT "id", "name" FROM "BusinessCalendar"
        WHERE "organizationId" = ${organizationId} AND "isDefault" FOR KEY SHARE`;
  if (!calendar) throw refused(UNKNOWN_CALENDAR, ["calendarId"]);
  return calendar;
}

/** Where the conditions name a support address, each folded as conditions compare it, with its path. */
function supportAddressesOf(conditions: Conditions) {
  const found: { path: string; address: string }[] = [];
  for (const list of ["all", "any"] as const)
    conditions[list].forEach((c, i) => {
      if (c.field !== "support_address") return;
      const base = `conditions.${list}.${i}.value`;
      const values = Array.isArray(c.value) ? c.value : [c.value];
      values.forEach((v, j) =>
        found.push({ path: Array.isArray(c.value) ? `${base}.${j}` : base, address: String(v).trim().toLowerCase() }),
      );
    });
  return found;
}

/**
 * A policy's conditions name only the organisation's own groups (checked as the automation
 * rules check theirs) and support addresses: anything else is a 400 naming the condition.
 */
export async function assertConditionsOwn(tx: Tx, organizationId: string, conditions: Conditions) {
  await assertReferencesOwn(tx, organizationId, { conditions });
  const addresses = supportAddressesOf(conditions);
  if (addresses.length === 0) return;
  const own = await tx.supportEmail.findMany({
    where: { organizationId, email: { in: [...new Set(addresses.map((a) => a.address))] } },
    select: { email: true },
  });
  const missing = addresses.filter((a) => !own.some((o) => o.email === a.address));
  if (missing.length > 0)
    throw refused(
      UNKNOWN_SUPPORT_ADDRESS,
      missing.map((m) => m.path),
    );
}
