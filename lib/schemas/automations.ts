import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { placeholderProblem } from "@/lib/macros/placeholders";
import {
  CUSTOM_FIELD_KEY_PATTERN,
  fieldKeyOf,
  isFieldRef,
  type CustomFieldValue,
  type FieldRef,
} from "./fields-custom";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";
import { singleLine } from "./fields";
import { tagKey, tagNameSchema, TAGS_PER_TICKET_MAX } from "./tags";
import { z } from "./zod";

/**
 * Automation rules as admins write them and other tools call them: when an event happens to a
 * ticket (`when`), if all of `conditions.all` and (when given) any of `conditions.any` hold, the
 * `actions` run in their order. Every field, operator and action type is a closed list: an
 * unknown one is a 400 naming where it is.
 */

export const AUTOMATION_WHEN = ["ticket_created", "customer_replied", "ticket_updated", "time"] as const;
export type AutomationWhen = (typeof AUTOMATION_WHEN)[number];

export const CONDITION_OPERATORS = [
  "is",
  "is_not",
  "contains",
  "not_contains",
  "in",
  "hours_since_greater_than",
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** How a ticket came in. */
export const ENTRANCES = ["agent", "api", "portal", "email"] as const;
export type Entrance = (typeof ENTRANCES)[number];

export const AUTOMATION_NAME_REQUIRED = "Please give the rule a name";
export const AUTOMATION_NAME_MAX = 80;
export const CONDITIONS_MAX = 20;
export const ACTIONS_MAX = 20;
export const ACTIONS_REQUIRED = "A rule needs at least one action";
export const NOTE_MAX = 10_000;
export const CONDITION_TEXT_MAX = 200;
/** The longest wait a time condition names: a year. */
export const HOURS_MAX = 24 * 366;

const text = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} cannot be empty`)
    .max(CONDITION_TEXT_MAX, `${what} must be at most ${CONDITION_TEXT_MAX} characters`);
/** An id of a row of the organisation (checked against it by the service), or null for "none". */
const idOrNone = (what: string) =>
  z
    .string({ error: `Unknown ${what}` })
    .min(1)
    .max(64)
    .nullable();
const priority = z.enum(TICKET_PRIORITIES as [TicketPriority, ...TicketPriority[]], { error: "Unknown priority" });
const status = z.enum(TICKET_STATUSES as [TicketStatus, ...TicketStatus[]], { error: "Unknown status" });
const entrance = z.enum(ENTRANCES, { error: `Entrance must be one of: ${ENTRANCES.join(", ")}` });
const hours = z
  .number({ error: "Hours must be a number" })
  .positive("Hours must be more than 0")
  .max(HOURS_MAX, `Hours must be at most ${HOURS_MAX}`);

/**
 * A condition on one of the organisation's custom fields names it `field.<key>`, as the ticket
 * list's filter does; the service checks the key and the value against the field's type.
 */
export type CustomFieldRef = FieldRef;
export const isCustomFieldRef = isFieldRef;
export const customFieldKeyOf = fieldKeyOf;
/** What a condition on a custom field may do: compare (a multi-select "is" an option it holds), or look inside text. */
export const CUSTOM_FIELD_OPERATORS = ["is", "is_not", "in", "contains", "not_contains"] as const;
const customFieldRefSchema = z
  .string()
  .refine((f) => isCustomFieldRef(f) && CUSTOM_FIELD_KEY_PATTERN.test(customFieldKeyOf(f as CustomFieldRef)))
  .transform((f) => f as CustomFieldRef);
type FieldRule = { operators: readonly ConditionOperator[]; value: z.ZodType };
const EQUALITY = ["is", "is_not", "in"] as const;
const TEXT = ["contains", "not_contains", "is", "is_not"] as const;

/**
 * Each condition field with the operators that make sense for it and the value it compares
 * with (`in` takes a list of such values). Text compares ignoring case.
 */
const FIELDS = {
  subject: { operators: TEXT, value: text("Text") },
  first_message: { operators: TEXT, value: text("Text") },
  customer_email: { operators: [...TEXT, "in"], value: text("Email") },
  customer_domain: { operators: EQUALITY, value: text("Domain") },
  entrance: { operators: EQUALITY, value: entrance },
  support_address: { operators: EQUALITY, value: text("Support address") },
  priority: { operators: EQUALITY, value: priority },
  status: { operators: EQUALITY, value: status },
  group: { operators: EQUALITY, value: idOrNone("group") },
  assignee: { operators: EQUALITY, value: idOrNone("assignee") },
  tags: { operators: ["contains", "not_contains"], value: tagNameSchema },
  created_at: { operators: ["hours_since_greater_than"], value: hours },
  updated_at: { operators: ["hours_since_greater_than"], value: hours },
  status_changed_at: { operators: ["hours_since_greater_than"], value: hours },
  assignee_changed_at: { operators: ["hours_since_greater_than"], value: hours },
  /** Since the team last replied publicly, or since the ticket was created when it never did. */
  last_agent_reply_at: { operators: ["hours_since_greater_than"], value: hours },
} as const satisfies Record<string, FieldRule>;

export type ConditionField = keyof typeof FIELDS;
export const CONDITION_FIELDS = Object.keys(FIELDS) as ConditionField[];
/** The operators a field takes (the editor offers only these). */
export const fieldOperators = (field: ConditionField | CustomFieldRef): readonly ConditionOperator[] =>
  isCustomFieldRef(field) ? CUSTOM_FIELD_OPERATORS : FIELDS[field].operators;

/** The fields that measure time: a rule's conditions on them hold once enough hours have passed. */
export const TIME_FIELDS = [
  "created_at",
  "updated_at",
  "status_changed_at",
  "assignee_changed_at",
  "last_agent_reply_at",
] as const satisfies readonly ConditionField[];
export type TimeField = (typeof TIME_FIELDS)[number];
export const isTimeField = (field: string): field is TimeField => (TIME_FIELDS as readonly string[]).includes(field);

/** A custom field's compared value: text, a number or true/false (the field's type is checked by the service). */
const customValue = z.union([text("Value"), z.number().refine(Number.isFinite), z.boolean()], {
  error: "Value must be text, a number, or true or false",
});

export type Condition = { field: ConditionField | CustomFieldRef; operator: ConditionOperator; value: unknown };

/** A value checked by `schema`, its problems reported under `value` (and the list index for `in`). */
function checkedValue(schema: z.ZodType, value: unknown, ctx: { addIssue: (issue: Issue) => void }): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    ctx.addIssue({ code: "custom", message: issue.message, path: ["value", ...issue.path] as PathKey[] });
  return z.NEVER;
}
type PathKey = string | number;
type Issue = { code: "custom"; message: string; path: PathKey[] };

const conditionSchema = z
  .object({
    field: z.union([z.enum(CONDITION_FIELDS as [ConditionField, ...ConditionField[]]), customFieldRefSchema], {
      error: `Unknown field. Use one of: ${CONDITION_FIELDS.join(", ")}, or field.<key> for a custom field`,
    }),
    operator: z.enum(CONDITION_OPERATORS, {
      error: `Unknown operator. Use one of: ${CONDITION_OPERATORS.join(", ")}`,
    }),
    value: z.unknown(),
  })
  .transform((c, ctx): Condition => {
    const rule: FieldRule = isCustomFieldRef(c.field)
      ? { operators: CUSTOM_FIELD_OPERATORS, value: customValue }
      : FIELDS[c.field];
    if (!rule.operators.includes(c.operator)) {
      ctx.addIssue({
        code: "custom",
        message: `"${c.operator}" does not apply to ${c.field}. Use one of: ${rule.operators.join(", ")}`,
        path: ["operator"],
      });
      return z.NEVER;
    }
    const valueSchema =
      c.operator === "in"
        ? z
            .array(rule.value, { error: '"in" takes a list of values' })
            .min(1, '"in" needs at least one value')
            .max(CONDITIONS_MAX, `"in" takes at most ${CONDITIONS_MAX} values`)
        : rule.value;
    return { field: c.field, operator: c.operator, value: checkedValue(valueSchema, c.value, ctx) };
  });

const conditionList = z
  .array(conditionSchema, { error: "Conditions must be a list" })
  .max(CONDITIONS_MAX, `At most ${CONDITIONS_MAX} conditions`)
  .default([]);

/** All of `all` must hold; when `any` has conditions, at least one of them must hold too. */
export const conditionsSchema = z
  .object({ all: conditionList, any: conditionList }, { error: "Conditions must be { all: [...], any: [...] }" })
  .strict();

export const ACTION_TYPES = [
  "set_priority",
  "set_status",
  "set_group",
  "assign",
  "add_tags",
  "remove_tags",
  "add_note",
  "email_customer",
  "email_group",
  "set_field",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** `assign` to the group's assignment mode instead of a person. */
export const ASSIGN_TO_GROUP = "group";

const tagNames = z
  .array(tagNameSchema, { error: "Tags must be a list of names" })
  .min(1, "Name at least one tag")
  .max(TAGS_PER_TICKET_MAX, `At most ${TAGS_PER_TICKET_MAX} tags`)
  .transform((names) => names.filter((n, i) => names.findIndex((m) => tagKey(m) === tagKey(n)) === i));
/** Text the rule writes (a note, a mail): placeholders as in macros. */
const message = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} cannot be empty`)
    .max(NOTE_MAX, `${what} must be at most ${NOTE_MAX.toLocaleString("en-US")} characters`)
    .superRefine((value, ctx) => {
      const problem = placeholderProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

const ACTION_VALUES = {
  set_priority: priority,
  set_status: status,
  set_group: z.string({ error: "Unknown group" }).min(1, "Unknown group").max(64, "Unknown group"),
  /** A user id of the organisation, or "group". */
  assign: z.string({ error: "Unknown assignee" }).min(1, "Unknown assignee").max(64, "Unknown assignee"),
  add_tags: tagNames,
  remove_tags: tagNames,
  add_note: message("Note"),
  email_customer: message("Message"),
  email_group: message("Message"),
  /** A custom field's new value (null clears it), checked against the field by the service. */
  set_field: z
    .object(
      {
        key: z.string({ error: "Unknown custom field" }).regex(CUSTOM_FIELD_KEY_PATTERN, "Unknown custom field"),
        value: z.unknown(),
      },
      { error: "Set field takes { key, value }" },
    )
    .strict()
    .refine((v) => v.value !== undefined, { error: "Give the field's value (null clears it)", path: ["value"] }),
} as const satisfies Record<ActionType, z.ZodType>;

export type Action =
  | { type: "set_priority"; value: TicketPriority }
  | { type: "set_status"; value: TicketStatus }
  | { type: "set_group" | "assign" | "add_note" | "email_customer" | "email_group"; value: string }
  | { type: "add_tags" | "remove_tags"; value: string[] }
  | { type: "set_field"; value: SetFieldValue };

/** What set_field writes: a custom field's key and its value, null to clear it. */
export type SetFieldValue = { key: string; value: CustomFieldValue | null };

const actionSchema = z
  .object({
    type: z.enum(ACTION_TYPES, { error: `Unknown action. Use one of: ${ACTION_TYPES.join(", ")}` }),
    value: z.unknown(),
  })
  .transform((a, ctx) => ({ type: a.type, value: checkedValue(ACTION_VALUES[a.type], a.value, ctx) }) as Action);

const nameSchema = singleLine(z.string({ error: AUTOMATION_NAME_REQUIRED }).trim())
  .min(1, AUTOMATION_NAME_REQUIRED)
  .max(AUTOMATION_NAME_MAX, `Name must be at most ${AUTOMATION_NAME_MAX} characters`);
const whenSchema = z.enum(AUTOMATION_WHEN, { error: `"when" must be one of: ${AUTOMATION_WHEN.join(", ")}` });
const actionsSchema = z
  .array(actionSchema, { error: "Actions must be a list" })
  .min(1, ACTIONS_REQUIRED)
  .max(ACTIONS_MAX, `At most ${ACTIONS_MAX} actions`);

export const TIME_CONDITION_REQUIRED =
  'A rule on a schedule needs a time condition under "all of", such as: the status last changed more than 120 hours ago';

/**
 * A rule on a schedule must wait for something (a time condition every ticket it touches meets):
 * without one it would act on every open ticket at the next sweep, and read them all at each.
 */
export function timeConditionProblem(when: AutomationWhen, conditions: Conditions): string | null {
  if (when !== "time") return null;
  return conditions.all.some((c) => c.operator === "hours_since_greater_than") ? null : TIME_CONDITION_REQUIRED;
}

/** A rule as created (and as previewed): every part but `active` (default on) is required. */
export const automationInputSchema = z.object({
  name: nameSchema,
  when: whenSchema,
  conditions: conditionsSchema,
  actions: actionsSchema,
  active: z.boolean({ error: "active must be true or false" }).default(true),
});
export type AutomationInput = z.infer<typeof automationInputSchema>;

/** A change to a rule: any of its parts, the others kept. */
export const automationPatchSchema = z
  .object({
    name: nameSchema.optional(),
    when: whenSchema.optional(),
    conditions: conditionsSchema.optional(),
    actions: actionsSchema.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: "Nothing to change" });
export type AutomationPatch = z.infer<typeof automationPatchSchema>;

/** The organisation's rules in their new order: every rule's id, once. */
export const automationOrderSchema = z.object({
  ids: z
    .array(z.string({ error: "Unknown rule" }).min(1).max(64), { error: "ids must be a list of rule ids" })
    .max(1000, "Too many rules"),
});
export type AutomationOrder = z.infer<typeof automationOrderSchema>;

export type Conditions = z.infer<typeof conditionsSchema>;

/** A rule as the API returns it. */
export type Automation = {
  id: string;
  name: string;
  when: AutomationWhen;
  conditions: Conditions;
  actions: Action[];
  active: boolean;
  position: number;
  createdAt: Date;
  updatedAt: Date;
};

/** The list, in running order, and what the organisation's plan allows (null: unlimited). */
export type AutomationList = {
  automations: Automation[];
  plan: string;
  /** Event rules on the plan: false on the plans without rules. */
  eventRules: boolean;
  /** Time rules on the plan. */
  timeRules: boolean;
  /** Active rules the plan allows (null: unlimited). */
  activeLimit: number | null;
};

/** The tickets a preview reads: the organisation's latest (the editor says so). */
export const PREVIEW_TICKETS = 500;

/** One change a rule would make, as the preview lists it. */
export type AutomationChange = { field: string; from: unknown; to: unknown; label?: string };
export type AutomationPreview = {
  matches: { ticketId: string; ticketNumber: number; changes: AutomationChange[] }[];
  /** How many tickets were tried: the last PREVIEW_TICKETS, or all of a younger organisation's. */
  examined: number;
};
