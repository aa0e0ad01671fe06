import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import {
  ASSIGN_TO_GROUP,
  type Action,
  type ActionType,
  type AutomationChange,
  type AutomationWhen,
  type Condition,
  type ConditionField,
  type ConditionOperator,
  type Conditions,
  customFieldKeyOf,
  type CustomFieldRef,
  type Entrance,
  isCustomFieldRef,
} from "@/lib/schemas/automations";
import { formatCustomFieldValue } from "@/lib/schemas/fields-custom";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";

/**
 * Automation rules in the product's words, for admins who never used a rules engine: each
 * `when`, condition field, operator and action type has a label (typed by the closed lists, so
 * a field added to the schema without its words does not compile), and a whole rule reads as
 * one sentence: "When a ticket is created and the subject contains 'refund', set the group to
 * Billing, add the tag billing".
 */

export const WHEN_LABELS: Record<AutomationWhen, string> = {
  ticket_created: "When a ticket is created",
  customer_replied: "When the customer replies",
  ticket_updated: "When a ticket is updated",
  time: "On a schedule (checked every few minutes)",
};

export const CONDITION_FIELD_LABELS: Record<ConditionField, string> = {
  subject: "Subject",
  first_message: "First message",
  customer_email: "Customer email",
  customer_domain: "Customer domain",
  entrance: "Came in by",
  support_address: "Support address it came to",
  priority: "Priority",
  status: "Status",
  group: "Group",
  assignee: "Assignee",
  tags: "Tags",
  created_at: "Created",
  updated_at: "Last updated",
  status_changed_at: "Status last changed",
  assignee_changed_at: "Assignee last changed",
  last_agent_reply_at: "Team last replied",
};

/** How a condition on the field starts in a sentence ("the subject contains ..."). */
const FIELD_NOUNS: Record<ConditionField, string> = {
  subject: "the subject",
  first_message: "the first message",
  customer_email: "the customer's email",
  customer_domain: "the customer's domain",
  entrance: "the ticket",
  support_address: "the support address it came to",
  priority: "the priority",
  status: "the status",
  group: "the group",
  assignee: "the assignee",
  tags: "the tags",
  created_at: "the ticket was created",
  updated_at: "the ticket was last updated",
  status_changed_at: "the status last changed",
  assignee_changed_at: "the assignee last changed",
  last_agent_reply_at: "the team last replied",
};

export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  is: "is",
  is_not: "is not",
  contains: "contains",
  not_contains: "does not contain",
  in: "is one of",
  hours_since_greater_than: "more than (hours) ago",
};

type OperatorWords = Partial<Record<ConditionField, Partial<Record<ConditionOperator, string>>>>;
/** Operators read differently after some fields ("the tags include"). */
const FIELD_OPERATOR_LABELS: OperatorWords = { tags: { contains: "include", not_contains: "do not include" } };
/** ... and in a sentence ("the ticket came in by email"). */
const SENTENCE_OPERATORS: OperatorWords = {
  ...FIELD_OPERATOR_LABELS,
  entrance: { is: "came in by", is_not: "did not come in by", in: "came in by" },
};

/** The operator's label after `field`, as the editor offers it. */
export function operatorLabel(field: ConditionField | CustomFieldRef, operator: ConditionOperator): string {
  if (isCustomFieldRef(field)) return OPERATOR_LABELS[operator];
  return FIELD_OPERATOR_LABELS[field]?.[operator] ?? OPERATOR_LABELS[operator];
}
const operatorWords = (field: ConditionField, operator: ConditionOperator) =>
  SENTENCE_OPERATORS[field]?.[operator] ?? OPERATOR_LABELS[operator];

export const ENTRANCE_LABELS: Record<Entrance, string> = {
  agent: "An agent",
  api: "The API",
  portal: "The portal",
  email: "Email",
};

export const ACTION_LABELS: Record<ActionType, string> = {
  set_priority: "Set the priority",
  set_status: "Set the status",
  set_group: "Set the group",
  assign: "Assign",
  add_tags: "Add tags",
  remove_tags: "Remove tags",
  add_note: "Add an internal note",
  email_customer: "Email the customer",
  email_group: "Email the group",
  set_field: "Set a field",
};

/** "assign" to the group's own way of sharing tickets out rather than to a person. */
export const ASSIGN_TO_GROUP_LABEL = "Share by the group's assignment mode";
export const NOBODY_LABEL = "Nobody";
export const NO_GROUP_LABEL = "No group";

/**
 * Names of the organisation's groups and agents by id, for the rule's references, and the labels
 * of its custom fields by key (when known).
 */
export type RuleNames = {
  groups: ReadonlyMap<string, string>;
  agents: ReadonlyMap<string, string>;
  fields?: ReadonlyMap<string, string>;
};

/** A custom field's label, its key when it was deleted since the rule was saved. */
export const customFieldLabel = (key: string, names: RuleNames) => names.fields?.get(key) ?? `the deleted field ${key}`;
/** A custom field's value as it reads ("Yes", "Basic, Pro"), "empty" for none. */
const customValueText = (value: unknown) => formatCustomFieldValue(value) ?? "empty";

const groupName = (id: unknown, names: RuleNames) =>
  id === null ? NO_GROUP_LABEL.toLowerCase() : (names.groups.get(String(id)) ?? "a deleted group");
const agentName = (id: unknown, names: RuleNames) =>
  id === null ? NOBODY_LABEL.toLowerCase() : (names.agents.get(String(id)) ?? "a former team member");

/** "a", "a or b", "a, b or c" (or "and"). */
export function wordList(items: readonly string[], last: "or" | "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

/** 48 -> "2 days", 5 -> "5 hours", 1 -> "1 hour". */
export function hoursText(hours: number): string {
  const days = hours / 24;
  if (Number.isInteger(days) && days >= 1) return `${days} ${days === 1 ? "day" : "days"}`;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** One compared value in words: a label for closed lists and names for ids, text in quotes. */
function valueText(field: ConditionField, value: unknown, names: RuleNames): string {
  switch (field) {
    case "priority":
      return PRIORITY_LABELS[value as TicketPriority] ?? String(value);
    case "status":
      return STATUS_LABELS[value as TicketStatus] ?? String(value);
    case "entrance":
      return (ENTRANCE_LABELS[value as Entrance] ?? String(value)).toLowerCase();
    case "group":
      return groupName(value, names);
    case "assignee":
      return agentName(value, names);
    default:
      return `'${String(value)}'`;
  }
}

/** One condition as a clause: "the subject contains 'refund'". */
export function conditionText(condition: Condition, names: RuleNames): string {
  const { field, operator, value } = condition;
  if (isCustomFieldRef(field)) {
    // "Plan is Pro", "Plan is one of Pro or Enterprise".
    const label = customFieldLabel(customFieldKeyOf(field), names);
    const values = (Array.isArray(value) ? value : [value]).map(customValueText);
    return `${label} ${OPERATOR_LABELS[operator]} ${wordList(values, "or")}`;
  }
  const noun = FIELD_NOUNS[field];
  if (operator === "hours_since_greater_than") return `${noun} more than ${hoursText(Number(value))} ago`;
  if (operator === "in") {
    const values = (Array.isArray(value) ? value : [value]).map((v) => valueText(field, v, names));
    return `${noun} ${operatorWords(field, operator)} ${wordList(values, "or")}`;
  }
  return `${noun} ${operatorWords(field, operator)} ${valueText(field, value, names)}`;
}

const tagsText = (names: unknown) => {
  const list = Array.isArray(names) ? names.map(String) : [String(names)];
  return `${list.length === 1 ? "the tag" : "the tags"} ${wordList(list, "and")}`;
};

/** One action as what it does: "set the group to Billing". */
export function actionText(action: Action, names: RuleNames): string {
  switch (action.type) {
    case "set_priority":
      return `set the priority to ${PRIORITY_LABELS[action.value]}`;
    case "set_status":
      return `set the status to ${STATUS_LABELS[action.value]}`;
    case "set_group":
      return `set the group to ${groupName(action.value, names)}`;
    case "assign":
      return action.value === ASSIGN_TO_GROUP
        ? "share it out by the group's assignment mode"
        : `assign it to ${agentName(action.value, names)}`;
    case "add_tags":
      return `add ${tagsText(action.value)}`;
    case "remove_tags":
      return `remove ${tagsText(action.value)}`;
    case "add_note":
      return "add an internal note";
    case "email_customer":
      return "email the customer";
    case "email_group":
      return "email the group";
    case "set_field": {
      const label = customFieldLabel(action.value.key, names);
      return action.value.value === null ? `clear ${label}` : `set ${label} to ${customValueText(action.value.value)}`;
    }
  }
}

/** The conditions as one clause; empty when the rule applies to every ticket. */
export function conditionsText(conditions: Conditions, names: RuleNames): string {
  const all = conditions.all.map((c) => conditionText(c, names));
  const any = conditions.any.map((c) => conditionText(c, names));
  const parts = [...all];
  if (any.length === 1) parts.push(any[0]!);
  else if (any.length > 1) parts.push(`either ${wordList(any, "or")}`);
  return parts.join(" and ");
}

/**
 * A whole rule as one sentence: "When a ticket is created and the subject contains 'refund',
 * set the group to Billing, add the tag billing". A time rule reads "Every few minutes, for each
 * open ticket where ...".
 */
export function ruleSentence(
  rule: { when: AutomationWhen; conditions: Conditions; actions: Action[] },
  names: RuleNames,
): string {
  const conditions = conditionsText(rule.conditions, names);
  const actions = rule.actions.map((a) => actionText(a, names)).join(", ");
  if (rule.when === "time")
    return `Every few minutes, for each open ticket${conditions ? ` where ${conditions}` : ""}: ${actions}`;
  return `${WHEN_LABELS[rule.when]}${conditions ? ` and ${conditions}` : ""}, ${actions}`;
}

const quoted = (text: unknown) => {
  const line = String(text).replace(/\s+/g, " ").trim();
  return `"${line.length > 80 ? `${line.slice(0, 79)}…` : line}"`;
};

/** One change a preview lists, in words: "Priority from Medium to High", "Add the tag billing". */
export function changeText(change: AutomationChange, names: RuleNames): string {
  const { field, from, to } = change;
  switch (field) {
    case "priority":
      return `Priority from ${PRIORITY_LABELS[from as TicketPriority]} to ${PRIORITY_LABELS[to as TicketPriority]}`;
    case "status":
      return `Status from ${STATUS_LABELS[from as TicketStatus]} to ${STATUS_LABELS[to as TicketStatus]}`;
    case "group":
      return `Group from ${groupName(from, names)} to ${groupName(to, names)}`;
    case "assignee":
      return `Assignee from ${agentName(from, names)} to ${agentName(to, names)}`;
    case "tags": {
      const before = Array.isArray(from) ? from.map(String) : [];
      const after = Array.isArray(to) ? to.map(String) : [];
      const added = after.filter((t) => !before.includes(t));
      const removed = before.filter((t) => !after.includes(t));
      return [
        ...(added.length ? [`Add ${tagsText(added)}`] : []),
        ...(removed.length ? [`Remove ${tagsText(removed)}`] : []),
      ].join(", ");
    }
    case "note":
      return `Add an internal note: ${quoted(to)}`;
    case "email_customer":
      return `Email the customer: ${quoted(to)}`;
    case "email_group":
      return `Email the group: ${quoted(to)}`;
    default:
      // A custom field: "Plan from Basic to Pro".
      if (change.label !== undefined) return `${change.label} from ${customValueText(from)} to ${customValueText(to)}`;
      return `${field}: ${String(to)}`;
  }
}
