import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import {
  checkCustomFieldValue,
  formatCustomFieldValue,
  type CustomField,
  type CustomFieldValue,
  type CustomFieldValues,
} from "@/lib/schemas/fields-custom";
import { db } from "@/lib/server/db";
import { fieldsOf } from "./definitions";

type Tx = Prisma.TransactionClient;

/** What a caller sends: values by field key, null to clear one. */
export type CustomFieldsInput = Record<string, unknown>;

/** One field's value changed, as the history keeps it: the label of the time and both values as they read. */
export type CustomFieldChange = {
  key: string;
  label: string;
  from: string | null;
  to: string | null;
};

/** The values a ticket holds (its stored JSON), never anything but an object of values. */
export function storedValues(json: unknown): CustomFieldValues {
  return json && typeof json === "object" && !Array.isArray(json) ? (json as CustomFieldValues) : {};
}

/**
 * Checks `input` against the organisation's fields and merges it into `current`: each value by
 * its field's type, null (or empty text) taking the key away. A key that is no field of the
 * organisation is refused, as is a field the caller may not fill (`allowed`, the portal's
 * customer-editable ones). The first problem is a 400 naming the field.
 */
export function mergeCustomFields(
  fields: readonly CustomField[],
  current: CustomFieldValues,
  input: CustomFieldsInput,
  allowed: (field: CustomField) => boolean = () => true,
): { values: CustomFieldValues; changes: CustomFieldChange[] } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const values: CustomFieldValues = { ...current };
  const changes: CustomFieldChange[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const field = byKey.get(key);
    if (!field || !allowed(field)) throw badRequest(`Unknown custom field "${key.slice(0, 40)}"`);
    const check = checkCustomFieldValue(field, raw);
    if (!check.ok) throw badRequest(check.message);
    const before = formatCustomFieldValue(current[key]);
    const after = formatCustomFieldValue(check.value);
    if (check.value === null) delete values[key];
    else values[key] = check.value as CustomFieldValue;
    if (before !== after) changes.push({ key, label: field.label, from: before, to: after });
  }
  return { values, changes };
}

/** The organisation's fields and `input` checked against them, read in `tx` so the check and the write agree. */
export async function checkedCustomFields(
  tx: Tx | typeof db,
  organizationId: string,
  current: CustomFieldValues,
  input: CustomFieldsInput,
  allowed?: (field: CustomField) => boolean,
) {
  if (Object.keys(input).length === 0) return { values: current, changes: [] as CustomFieldChange[] };
  return mergeCustomFields(await fieldsOf(tx, organizationId), current, input, allowed);
}

/** The required fields a ticket leaves empty: it cannot be resolved or closed until they are filled. */
export function missingRequired(fields: readonly CustomField[], values: CustomFieldValues): CustomField[] {
  return fields.filter((f) => f.required && formatCustomFieldValue(values[f.key]) === null);
}

/** Why a ticket with required fields empty cannot be resolved or closed, naming them. */
export function requiredFieldsMessage(missing: readonly CustomField[]) {
  const names = missing.map((f) => f.label);
  return names.length === 1
    ? `${names[0]} is required before the ticket can be resolved or closed`
    : `${names.join(", ")} are required before the ticket can be resolved or closed`;
}

/** The refusal to resolve or close a ticket with required fields empty, naming them. */
export function requiredFieldsError(missing: readonly CustomField[]) {
  return badRequest(requiredFieldsMessage(missing));
}
