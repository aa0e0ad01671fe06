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
  isCustomFieldRef,
} from "@/lib/schemas/automations";
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
  /** A custom field's condition (field.<key>) is kept as saved; the editor does not offer custom fields yet. */
  field: ConditionField | CustomFieldRef;
  operator: ConditionOperator;
  /** The value of one comparison (text, an option, hours). */
  value: string;
  /** The options ticked for `in` on a field with a fixed list. */
  values: string[];
};
export type ActionDraft = { key: number; type: ActionType; value: string };
export type RuleDraft = {
  name: string;
  when: AutomationWhen;
  all: ConditionDraft[];
  any: ConditionDraft[];
  actions: ActionDraft[];
  active: boolean;
};

/** The organisation's groups and agents as options, by id. */
export type Choices = { groups: Option[]; agents: Option[] };

let nextKey = 0;
const newKey = () => ++nextKey;

/** The fixed list a field's value is chosen from, or null when it is typed. */
export function fieldOptions(field: ConditionField | CustomFieldRef, choices: Choices): Option[] | null {
  if (isCustomFieldRef(field)) return null;
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
export const withField = (c: ConditionDraft, field: ConditionDraft["field"]): ConditionDraft => ({
  ...newCondition(field),
  key: c.key,
});

export function newAction(type: ActionType = ACTION_TYPES[0]): ActionDraft {
  return { key: newKey(), type, value: "" };
}

export function emptyDraft(): RuleDraft {
  return { name: "", when: "ticket_created", all: [newCondition()], any: [], actions: [newAction()], active: true };
}

/** A saved condition, ready to edit. */
export function conditionDraft(c: Condition, choices: Choices): ConditionDraft {
  const base = { key: newKey(), field: c.field, operator: c.operator, value: "", values: [] as string[] };
  if (c.operator !== "in") return { ...base, value: c.value === null ? NONE : String(c.value) };
  const list = Array.isArray(c.value) ? c.value : [];
  return fieldOptions(c.field, choices)
    ? { ...base, values: list.map(toNone) }
    : { ...base, value: list.map(String).join(", ") };
}

function actionDraft(a: Action): ActionDraft {
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
    actions: rule.actions.map(actionDraft),
    active: rule.active,
  };
}

function conditionValue(c: ConditionDraft): unknown {
  if (isHours(c.operator)) return c.value.trim() === "" ? undefined : Number(c.value);
  const fixed = fieldOptions(c.field, { groups: [], agents: [] }) !== null;
  if (c.operator === "in") return fixed ? c.values.map(fromNone) : splitList(c.value);
  return fixed ? fromNone(c.value) : c.value;
}

function actionValue(a: ActionDraft): unknown {
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
