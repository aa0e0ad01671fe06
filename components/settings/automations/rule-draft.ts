import type { Option } from "@/components/ui/option-select";
import { ASSIGN_TO_GROUP_LABEL, ENTRANCE_LABELS, NO_GROUP_LABEL, NOBODY_LABEL } from "@/lib/automations/labels";
import {
  ACTION_TYPES,
  ASSIGN_TO_GROUP,
  ENTRANCES,
  fieldOperators,
  type Action,
  type ActionType,
  type AutomationWhen,
  type Condition,
  type ConditionField,
  type ConditionOperator,
  type CustomFieldRef,
  customFieldKeyOf,
  isCustomFieldRef,
} from "@/lib/schemas/automations";
import type { CustomFieldType } from "@/generated/prisma/enums";
import { hasOptions, type CustomField, isNumericField } from "@/lib/schemas/fields-custom";
import { PRIORITY_LABELS, STATUS_LABELS, TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";

/**
 * A rule as the editor holds it while an admin writes it: every value as the control shows it
 * (text, a chosen option, a number being typed), turned into the API's shape only to preview or
 * save, where the API's own schema checks it.
 */

/** "None" in a group or assignee select (a select's value cannot be null). */
export const NONE = "none";

export type ConditionDraft = {
  key: number;
  /** A built-in field, or one of the organisation's custom fields (field.<key>). */
  field: ConditionField | CustomFieldRef;
  /** A custom field's type, which decides the control and how its value is sent (a number, true or false). */
  fieldType?: CustomFieldType;
  operator: ConditionOperator;
  /** The value of one comparison (text, an option, hours). */
  value: string;
  /** The options ticked for `in` on a field with a fixed list. */
  values: string[];
};
export type ActionDraft = {
  key: number;
  type: ActionType;
  value: string;
  /** set_field: the custom field it sets, and that field's type. */
  fieldKey?: string;
  fieldType?: CustomFieldType;
};
export type RuleDraft = {
  name: string;
  when: AutomationWhen;
  all: ConditionDraft[];
  any: ConditionDraft[];
  actions: ActionDraft[];
  active: boolean;
};

/** What the editor needs of a custom field. */
export type FieldChoice = Pick<CustomField, "key" | "label" | "type" | "options">;

/** The organisation's groups and agents as options, by id, and its custom fields. */
export type Choices = { groups: Option[]; agents: Option[]; fields?: FieldChoice[] };

/** The custom field a condition names, when it is one the organisation has. */
export const customFieldOf = (field: ConditionDraft["field"], choices: Choices): FieldChoice | null =>
  isCustomFieldRef(field) ? (choices.fields?.find((f) => f.key === customFieldKeyOf(field)) ?? null) : null;

const YES_NO: Option[] = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

/** A custom field's values to choose from (a checkbox's Yes or No, a dropdown's options), or null when typed. */
export function customValueOptions(
  type: CustomFieldType | undefined,
  options: readonly string[] = [],
): Option[] | null {
  if (type === "checkbox") return YES_NO;
  if (type && hasOptions(type)) return options.map((o) => ({ value: o, label: o }));
  return null;
}

/** A typed custom value as the API takes it: numbers as numbers, a checkbox as true or false. */
function customValue(type: CustomFieldType | undefined, text: string): unknown {
  if (type === "checkbox") return text === "true" ? true : text === "false" ? false : text;
  if (isNumericField(type) && text.trim() !== "" && Number.isFinite(Number(text))) return Number(text);
  return text;
}

let nextKey = 0;
const newKey = () => ++nextKey;

/** The fixed list a field's value is chosen from, or null when it is typed. */
export function fieldOptions(field: ConditionField | CustomFieldRef, choices: Choices): Option[] | null {
  if (isCustomFieldRef(field)) {
    const custom = customFieldOf(field, choices);
    return custom ? customValueOptions(custom.type, custom.options) : null;
  }
  switch (field) {
    case "priority":
      return TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }));
    case "status":
      return TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
    case "entrance":
      return ENTRANCES.map((e) => ({ value: e, label: ENTRANCE_LABELS[e] }));
    case "group":
      return [{ value: NONE, label: NO_GROUP_LABEL }, ...choices.groups];
    case "assignee":
      return [{ value: NONE, label: NOBODY_LABEL }, ...choices.agents];
    default:
      return null;
  }
}

export const isHours = (operator: ConditionOperator) => operator === "hours_since_greater_than";
const fromNone = (value: string) => (value === NONE ? null : value);
const toNone = (value: unknown) => (value === null ? NONE : String(value));
/** "billing, vip" as the names it lists. */
export const splitList = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

export function newCondition(field: ConditionDraft["field"] = "subject"): ConditionDraft {
  return { key: newKey(), field, operator: fieldOperators(field)[0]!, value: "", values: [] };
}

/** The condition with another field: its first operator, the value emptied. */
export const withField = (
  c: ConditionDraft,
  field: ConditionDraft["field"],
  choices: Choices = { groups: [], agents: [] },
): ConditionDraft => ({
  ...newCondition(field),
  key: c.key,
  fieldType: customFieldOf(field, choices)?.type,
});

export function newAction(type: ActionType = ACTION_TYPES[0]): ActionDraft {
  return { key: newKey(), type, value: "" };
}

export function emptyDraft(): RuleDraft {
  return { name: "", when: "ticket_created", all: [newCondition()], any: [], actions: [newAction()], active: true };
}

/** A saved condition, ready to edit. */
export function conditionDraft(c: Condition, choices: Choices): ConditionDraft {
  const fieldType = customFieldOf(c.field, choices)?.type;
  const base = { key: newKey(), field: c.field, fieldType, operator: c.operator, value: "", values: [] as string[] };
  if (c.operator !== "in") return { ...base, value: c.value === null ? NONE : String(c.value) };
  const list = Array.isArray(c.value) ? c.value : [];
  return fieldOptions(c.field, choices)
    ? { ...base, values: list.map(toNone) }
    : { ...base, value: list.map(String).join(", ") };
}

function actionDraft(a: Action, choices: Choices): ActionDraft {
  if (a.type === "set_field") {
    const { key, value } = a.value;
    const text = value === null ? "" : Array.isArray(value) ? value.join(", ") : String(value);
    return {
      key: newKey(),
      type: a.type,
      value: text,
      fieldKey: key,
      fieldType: choices.fields?.find((f) => f.key === key)?.type,
    };
  }
  return { key: newKey(), type: a.type, value: Array.isArray(a.value) ? a.value.join(", ") : String(a.value) };
}

/** A saved rule, ready to edit. */
export function draftOf(
  rule: {
    name: string;
    when: AutomationWhen;
    conditions: { all: Condition[]; any: Condition[] };
    actions: Action[];
    active: boolean;
  },
  choices: Choices,
): RuleDraft {
  return {
    name: rule.name,
    when: rule.when,
    all: rule.conditions.all.map((c) => conditionDraft(c, choices)),
    any: rule.conditions.any.map((c) => conditionDraft(c, choices)),
    actions: rule.actions.map((a) => actionDraft(a, choices)),
    active: rule.active,
  };
}

function conditionValue(c: ConditionDraft): unknown {
  if (isHours(c.operator)) return c.value.trim() === "" ? undefined : Number(c.value);
  if (isCustomFieldRef(c.field)) {
    const chosen = customValueOptions(c.fieldType) !== null || c.fieldType === "multi_select";
    if (c.operator !== "in") return customValue(c.fieldType, c.value);
    return chosen
      ? c.values.map((v) => customValue(c.fieldType, v))
      : splitList(c.value).map((v) => customValue(c.fieldType, v));
  }
  const fixed = fieldOptions(c.field, { groups: [], agents: [] }) !== null;
  if (c.operator === "in") return fixed ? c.values.map(fromNone) : splitList(c.value);
  return fixed ? fromNone(c.value) : c.value;
}

function actionValue(a: ActionDraft): unknown {
  if (a.type === "set_field") {
    // Nothing typed or chosen clears the field.
    if (a.value.trim() === "") return { key: a.fieldKey ?? "", value: null };
    const value = a.fieldType === "multi_select" ? splitList(a.value) : customValue(a.fieldType, a.value);
    return { key: a.fieldKey ?? "", value };
  }
  if (a.type === "add_tags" || a.type === "remove_tags") return splitList(a.value);
  return a.value;
}

/** A condition as the API takes it. */
export const conditionInput = (c: ConditionDraft) => ({
  field: c.field,
  operator: c.operator,
  value: conditionValue(c),
});

/** The draft as the API takes it (the API's schema checks it before anything is sent). */
export function ruleInput(draft: RuleDraft) {
  return {
    name: draft.name,
    when: draft.when,
    conditions: { all: draft.all.map(conditionInput), any: draft.any.map(conditionInput) },
    actions: draft.actions.map((a) => ({ type: a.type, value: actionValue(a) })),
    active: draft.active,
  };
}

/** The options of an action's value, or null when it is typed. */
export function actionOptions(type: ActionType, choices: Choices): Option[] | null {
  switch (type) {
    case "set_priority":
      return fieldOptions("priority", choices);
    case "set_status":
      return fieldOptions("status", choices);
    case "set_group":
      return choices.groups;
    case "assign":
      return [{ value: ASSIGN_TO_GROUP, label: ASSIGN_TO_GROUP_LABEL }, ...choices.agents];
    default:
      return null;
  }
}
