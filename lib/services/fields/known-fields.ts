import "server-only";
import type { CustomField } from "@/lib/schemas/fields-custom";
import { db } from "@/lib/server/db";
import { fieldsOf } from "./definitions";
import { organizationFields } from "./field-cache";

/**
 * The organisation's fields in their order, for the list's filters and sorts: from this process's
 * cache, else read and kept. Writes check values against the definitions read in their own
 * transaction (fieldsOf), never against these.
 */
export async function knownFields(organizationId: string): Promise<CustomField[]> {
  const kept = organizationFields.get(organizationId);
  if (kept) return kept;
  const ticket = organizationFields.begin();
  const fields = await fieldsOf(db, organizationId);
  organizationFields.keep(ticket, organizationId, fields);
  return fields;
}
