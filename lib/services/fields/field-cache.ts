import "server-only";
import { HeardCache } from "@/lib/live/heard-cache";
import type { CustomField } from "@/lib/schemas/fields-custom";

const globalForFields = globalThis as unknown as { ticketryOrganizationFields?: HeardCache<CustomField[]> };

/**
 * This process's organisations' custom field definitions, kept true by the field changes the
 * LISTEN connection hears (a trigger on CustomField announces them on the rules' channel, the
 * ticket_field_values migration) and by this process's own field writes: the list's field
 * filters and sorts read no definition between their changes (see knownFields).
 */
export const organizationFields = (globalForFields.ticketryOrganizationFields ??= new HeardCache<CustomField[]>(
  Number(process.env.RULES_CACHE_SIZE ?? 10_000),
));

/** This process changed the organisation's fields: its own next request reads them again. */
export function forgetOrganizationFields(organizationId: string) {
  organizationFields.forget(organizationId);
}
