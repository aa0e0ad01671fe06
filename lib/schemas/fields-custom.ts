import type { CustomFieldType } from "@/generated/prisma/enums";
import { singleLine } from "./fields";
import { z } from "./zod";

/** The kinds of custom field an admin can add, in the order Settings > Fields offers them. */
export const CUSTOM_FIELD_TYPES = [
  "text",
  "long_text",
  "number",
  "decimal",
  "date",
  "checkbox",
  "dropdown",
  "multi_select",
] as const satisfies readonly CustomFieldType[];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: "Text",
  long_text: "Long text",
  number: "Number",
  decimal: "Decimal",
  date: "Date",
  checkbox: "Checkbox",
  dropdown: "Dropdown",
  multi_select: "Multi-select",
};

/** A team keeps at most this many fields: each is a control on every ticket. */
export const CUSTOM_FIELDS_MAX = 50;
export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/**
 * How a custom field is named beside the ticket's own fields: the list's filter
 * (`field.order_number=1234`), a saved view's filters, a rule's condition.
 */
export const FIELD_REF_PREFIX = "field.";
export type FieldRef = `field.${string}`;
export const isFieldRef = (name: string): name is FieldRef => name.startsWith(FIELD_REF_PREFIX);
export const fieldKeyOf = (ref: FieldRef) => ref.slice(FIELD_REF_PREFIX.length);
export const fieldRef = (key: string): FieldRef => `${FIELD_REF_PREFIX}${key}`;
export const CUSTOM_FIELD_LABEL_MAX = 80;
export const CUSTOM_FIELD_HELP_MAX = 500;
export const CUSTOM_FIELD_OPTIONS_MAX = 100;
export const CUSTOM_FIELD_OPTION_MAX = 100;
export const CUSTOM_TEXT_MAX = 1_000;
export const CUSTOM_LONG_TEXT_MAX = 10_000;

/** The types whose values are picked from the field's options. */
export const hasOptions = (type: CustomFieldType) => type === "dropdown" || type === "multi_select";
/**
 * The fields the list can be sorted by: one value each, with an order (text by its characters,
 * numbers by number, dates by date, No before Yes, a dropdown by its options' names). Long text
 * and multi-select have none.
 */
export const SORTABLE_FIELD_TYPES = [
  "text",
  "number",
  "decimal",
  "date",
  "checkbox",
  "dropdown",
] as const satisfies readonly CustomFieldType[];
export const isSortableField = (type: CustomFieldType) => (SORTABLE_FIELD_TYPES as readonly string[]).includes(type);

/** The fields whose values are numbers (a whole number or a decimal). */
export const isNumericField = (type: CustomFieldType | undefined) => type === "number" || type === "decimal";

export const CUSTOM_FIELD_KEY_INVALID =
  "Key must start with a lowercase letter and hold only lowercase letters, digits and underscores (at most 40)";

const keySchema = z
  .string({ error: CUSTOM_FIELD_KEY_INVALID })
  .regex(CUSTOM_FIELD_KEY_PATTERN, CUSTOM_FIELD_KEY_INVALID);

const labelSchema = singleLine(z.string({ error: "Please give the field a label" }).trim())
  .min(1, "Please give the field a label")
  .max(CUSTOM_FIELD_LABEL_MAX, `Label must be at most ${CUSTOM_FIELD_LABEL_MAX} characters`);

const helpSchema = singleLine(z.string({ error: "Help text must be text" }).trim()).max(
  CUSTOM_FIELD_HELP_MAX,
  `Help text must be at most ${CUSTOM_FIELD_HELP_MAX} characters`,
);

/** A dropdown's or multi-select's choices: 1 to 100, each named once (case aside), each at most 100 characters. */
const optionsSchema = z
  .array(
    singleLine(z.string({ error: "Each option must be text" }).trim())
      .min(1, "An option cannot be empty")
      .max(CUSTOM_FIELD_OPTION_MAX, `Each option must be at most ${CUSTOM_FIELD_OPTION_MAX} characters`),
    { error: "Options must be a list of choices" },
  )
  .max(CUSTOM_FIELD_OPTIONS_MAX, `A field can have at most ${CUSTOM_FIELD_OPTIONS_MAX} options`)
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    for (const option of options) {
      const key = option.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `The option "${option}" is listed twice` });
      seen.add(key);
    }
  });

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** A new field as an admin defines it (POST /api/fields). */
export const customFieldCreateSchema = z
  .object({
    key: keySchema,
    label: labelSchema,
    type: z.enum(CUSTOM_FIELD_TYPES, { error: "Unknown field type" }),
    helpText: helpSchema.default(""),
    options: optionsSchema.default([]),
    required: flag("required").default(false),
    customerVisible: flag("customerVisible").default(false),
    customerEditable: flag("customerEditable").default(false),
  })
  .superRefine((field, ctx) => {
    if (hasOptions(field.type) && field.options.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: "A dropdown or multi-select needs at least one option",
      });
    if (!hasOptions(field.type) && field.options.length > 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Only a dropdown or multi-select has options" });
    if (field.customerEditable && !field.customerVisible)
      ctx.addIssue({
        code: "custom",
        path: ["customerEditable"],
        message: "A field customers may fill in must be visible to them",
      });
  });

/**
 * A change to a field (PATCH /api/fields/{id}): its label, help, options, place and flags. Its
 * key and type never change (values on tickets are stored under the key, in the type's shape);
 * sending them is allowed only with the values they already have.
 */
export const customFieldUpdateSchema = z.object({
  key: z.string({ error: "A field's key cannot change" }).max(64, "A field's key cannot change").optional(),
  type: z.string({ error: "A field's type cannot change" }).max(64, "A field's type cannot change").optional(),
  label: labelSchema.optional(),
  helpText: helpSchema.optional(),
  options: optionsSchema.optional(),
  /** Where the field goes in the list, from 0 (the others move along). */
  position: z
    .number({ error: "Position must be a whole number" })
    .int("Position must be a whole number")
    .min(0, "Position must be at least 0")
    .max(CUSTOM_FIELDS_MAX - 1, `Position must be at most ${CUSTOM_FIELDS_MAX - 1}`)
    .optional(),
  required: flag("required").optional(),
  customerVisible: flag("customerVisible").optional(),
  customerEditable: flag("customerEditable").optional(),
});

export type CustomFieldInput = z.infer<typeof customFieldCreateSchema>;
export type CustomFieldPatch = z.infer<typeof customFieldUpdateSchema>;

/** A field as the API and the screens see it. */
export type CustomField = {
  id: string;
  key: string;
  label: string;
  type: CustomFieldType;
  helpText: string;
  options: string[];
  position: number;
  required: boolean;
  customerVisible: boolean;
  customerEditable: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
};

export type CustomFieldList = {
  fields: CustomField[];
  /** Whether the organisation's plan includes custom fields (Pro and above). */
  available: boolean;
  limit: number;
};

/** A stored value: what `customFields` holds under a field's key. */
export type CustomFieldValue = string | number | boolean | string[];
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** What the value check needs of a field. */
export type FieldDefinition = Pick<CustomField, "key" | "label" | "type" | "options">;

export type ValueCheck = { ok: true; value: CustomFieldValue | null } | { ok: false; message: string };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
/** Long text keeps its line breaks and tabs, never other control characters. */
const withoutBreaks = (text: string) => text.replace(/[\r\n\t]/g, "");

/**
 * One value checked against its field: the value to store, null to clear it, or why it is
 * refused, naming the field by its label ("Order number must be a whole number"). Empty text
 * clears the field like null does.
 */
export function checkCustomFieldValue(field: FieldDefinition, value: unknown): ValueCheck {
  const name = field.label;
  const refuse = (message: string): ValueCheck => ({ ok: false, message: `${name} ${message}` });
  if (value === null) return { ok: true, value: null };
  switch (field.type) {
    case "text":
    case "long_text": {
      if (typeof value !== "string") return refuse("must be text");
      const text = value.trim();
      if (text === "") return { ok: true, value: null };
      const max = field.type === "text" ? CUSTOM_TEXT_MAX : CUSTOM_LONG_TEXT_MAX;
      if (text.length > max) return refuse(`must be at most ${max.toLocaleString("en-US")} characters`);
      if (field.type === "text" && !SINGLE_LINE.test(text)) return refuse("must be a single line");
      if (field.type === "long_text" && !SINGLE_LINE.test(withoutBreaks(text)))
        return refuse("must not hold control characters");
      return { ok: true, value: text };
    }
    case "number":
      if (typeof value !== "number" || !Number.isSafeInteger(value)) return refuse("must be a whole number");
      return { ok: true, value };
    case "decimal":
      if (typeof value !== "number" || !Number.isFinite(value)) return refuse("must be a number");
      return { ok: true, value };
    case "date":
      if (typeof value !== "string" || !isCalendarDate(value)) return refuse("must be a date written YYYY-MM-DD");
      return { ok: true, value };
    case "checkbox":
      if (typeof value !== "boolean") return refuse("must be true or false");
      return { ok: true, value };
    case "dropdown":
      if (typeof value !== "string" || !field.options.includes(value)) return refuse("must be one of its options");
      return { ok: true, value };
    case "multi_select": {
      if (!Array.isArray(value) || value.length > CUSTOM_FIELD_OPTIONS_MAX)
        return refuse("must be a list of its options");
      if (!value.every((v): v is string => typeof v === "string" && field.options.includes(v)))
        return refuse("must be a list of its options");
      // Kept in the field's order, each once, so two tickets with the same choices store the same list.
      const chosen = field.options.filter((option) => value.includes(option));
      return { ok: true, value: chosen.length === 0 ? null : chosen };
    }
  }
}

/** How a value reads in history and lists: "Yes", "Basic, Pro", "1234"; none for no value. */
export function formatCustomFieldValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join(", ");
  return String(value);
}

/**
 * Values a ticket's create or update sets, by field key (null clears one); each is checked
 * against the organisation's fields by the service, which knows them.
 */
export const customFieldsInputSchema = z.unknown().transform((value, ctx): Record<string, unknown> => {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: "customFields must be an object of values by field key" });
    return z.NEVER;
  }
  if (Object.keys(value).length > CUSTOM_FIELDS_MAX) {
    ctx.addIssue({ code: "custom", message: `At most ${CUSTOM_FIELDS_MAX} custom fields at once` });
    return z.NEVER;
  }
  return value as Record<string, unknown>;
});
