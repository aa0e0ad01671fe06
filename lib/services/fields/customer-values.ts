import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { CustomField, CustomFieldValues } from "@/lib/schemas/fields-custom";
import { db } from "@/lib/server/db";
import { isStaff } from "@/lib/services/tickets/access";
import { fieldsOf } from "./definitions";
import { customerMayFill } from "./new-ticket-values";

/**
 * A customer sees only the values of the fields the team shows customers ("visible to
 * customers" in Settings > Fields): an internal field such as "Refund approved" never reaches
 * them, whichever way they read their ticket (account, portal, an answer to their own change).
 */
export async function customerVisibleKeys(organizationId: string): Promise<Set<string>> {
  const fields = await db.customField.findMany({
    where: { organizationId, customerVisible: true },
    select: { key: true },
  });
  return new Set(fields.map((f) => f.key));
}

/** `values` without the fields customers may not see. */
export function onlyKeys(values: CustomFieldValues | undefined, keys: ReadonlySet<string>): CustomFieldValues {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([key]) => keys.has(key)));
}

/** The ticket as `user` may read it: staff get every value, a customer only the visible fields'. */
export async function ticketForViewer<T extends { customFields?: CustomFieldValues }>(
  user: SessionUser,
  ticket: T,
): Promise<T> {
  if (isStaff(user)) return ticket;
  return { ...ticket, customFields: onlyKeys(ticket.customFields, await customerVisibleKeys(user.organizationId)) };
}

/** A field as the portal's new-ticket form shows it: nothing of the team's own settings. */
export type PortalField = Pick<CustomField, "key" | "label" | "type" | "helpText" | "options">;

/** The fields a customer fills in on the portal's new ticket (visible to them and editable by them), in their order. */
export async function portalFields(organizationId: string): Promise<{ fields: PortalField[] }> {
  const fields = (await fieldsOf(db, organizationId)).filter(customerMayFill);
  return { fields: fields.map(({ key, label, type, helpText, options }) => ({ key, label, type, helpText, options })) };
}
