import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import {
  CUSTOM_FIELD_KEY_PATTERN,
  checkCustomFieldValue,
  fieldKeyOf,
  isFieldRef,
  type FieldRef,
  type CustomField,
  type CustomFieldValue,
} from "@/lib/schemas/fields-custom";
import type { SessionUser } from "@/lib/schemas/session-user";
import { isStaff } from "@/lib/services/tickets/access";
import { knownFields } from "./known-fields";

/** At most this many at once: each is a test on every ticket read, more are a mistake or an attack. */
export const FIELD_FILTERS_MAX = 10;
const FILTER_VALUE_MAX = 1_000;

/** The values a list's field filters ask for, by key, as the tickets store them (multi-select: one option, in a list). */
export type FieldFilterValues = Record<string, CustomFieldValue>;

/** The `field.<key>` parameters of a list query as { key: text }; nothing when there are none. */
export function fieldFilterParams(query: Record<string, unknown>): Record<string, string> | undefined {
  const params = Object.entries(query).filter(([name]) => isFieldRef(name));
  if (params.length === 0) return undefined;
  if (params.length > FIELD_FILTERS_MAX) throw badRequest(`At most ${FIELD_FILTERS_MAX} custom field filters at once`);
  return Object.fromEntries(
    params.map(([name, value]) => {
      const key = fieldKeyOf(name as FieldRef);
      if (!CUSTOM_FIELD_KEY_PATTERN.test(key)) throw badRequest(`Unknown custom field "${key.slice(0, 40)}"`);
      if (typeof value !== "string" || value.trim() === "") throw badRequest(`The filter on "${key}" needs a value`);
      if (value.length > FILTER_VALUE_MAX) throw badRequest(`The filter on "${key}" is too long`);
      return [key, value.trim()];
    }),
  );
}

/** A filter's text read as its field's type ("1234" for a number, "true" for a checkbox, an option's name in any case). */
function typedValue(field: CustomField, text: string): unknown {
  switch (field.type) {
    case "number":
      return /^-?\d{1,16}$/.test(text) ? Number(text) : text;
    case "decimal":
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case "checkbox":
      return text === "true" || text === "yes" ? true : text === "false" || text === "no" ? false : text;
    case "dropdown":
    case "multi_select": {
      const option = field.options.find((o) => o.toLowerCase() === text.toLowerCase()) ?? text;
      return field.type === "multi_select" ? [option] : option;
    }
    default:
      return text;
  }
}

/**
 * The list query's field filters checked against the organisation's fields: each value parsed by
 * its field's type, a key that is no field (or, for a customer, no field shown to customers:
 * they could otherwise learn a hidden value by filtering on it) a 400 naming it, a value the
 * field cannot hold a 400 naming the field. Nothing when the query has none.
 */
export async function resolveFieldFilters(
  user: SessionUser,
  query: Record<string, unknown>,
): Promise<FieldFilterValues | undefined> {
  const params = fieldFilterParams(query);
  if (!params) return undefined;
  const fields = new Map((await knownFields(user.organizationId)).map((f) => [f.key, f]));
  const values: FieldFilterValues = {};
  for (const [key, text] of Object.entries(params)) {
    const field = fields.get(key);
    if (!field || (!isStaff(user) && !field.customerVisible)) throw badRequest(`Unknown custom field "${key}"`);
    const check = checkCustomFieldValue(field, typedValue(field, text));
    if (!check.ok) throw badRequest(check.message);
    values[key] = check.value!;
  }
  return values;
}

/**
 * The tickets holding every value asked for, as one containment test of the ticket's own values.
 * The tickets are found through one value's TicketFieldValue rows (list-rows.ts); this test, made
 * on each ticket read, checks the others and the whole of a text cut short in its row.
 */
export function fieldFilterSql(values: FieldFilterValues | undefined): Prisma.Sql {
  if (!values || Object.keys(values).length === 0) return Prisma.empty;
  return Prisma.sql`AND "customFields" @> ${JSON.stringify(values)}::jsonb`;
}
