import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import type { CustomFieldValues } from "@/lib/schemas/fields-custom";
import {
  customFieldKeyOf,
  isCustomFieldRef,
  isTimeField,
  type Condition,
  type ConditionField,
  type Conditions,
  type Entrance,
  type TimeField,
} from "@/lib/schemas/automations";
import { tagKey } from "@/lib/tags/names";

/** What a rule's conditions read of a ticket, as it stands at that moment of the change. */
export type RuleTicket = {
  subject: string;
  /** The customer's first message (the ticket's description). */
  firstMessage: string;
  customerEmail: string;
  entrance: Entrance;
  /** The support address the ticket came to by mail (null when it did not come by mail). */
  supportAddress: string | null;
  priority: TicketPriority;
  status: TicketStatus;
  groupId: string | null;
  assigneeId: string | null;
  /** Tag names. */
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  statusChangedAt: Date;
  assigneeChangedAt: Date;
  /** When the team last replied publicly; when the ticket was created until it does. */
  teamRepliedAt: Date;
  /** The ticket's custom field values (absent: none; SLA policies never look at them). */
  customFields?: CustomFieldValues;
  /**
   * The organisation's custom field keys: a condition on a field deleted since the rule was saved
   * never holds. Read only when a rule asks about a custom field.
   */
  fieldKeys?: readonly string[];
};

/** The moment each time field measures from. */
export const TIME_OF = {
  created_at: "createdAt",
  updated_at: "updatedAt",
  status_changed_at: "statusChangedAt",
  assignee_changed_at: "assigneeChangedAt",
  last_agent_reply_at: "teamRepliedAt",
} as const satisfies Record<TimeField, keyof RuleTicket>;

const HOUR_MS = 3_600_000;

/** Text is compared ignoring case and the spaces around it, as people type it. */
const fold = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v);
/** A domain written with or without its "@". */
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();
const foldDomain = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase().replace(/^@/, "") : v);

/** The ticket's value a condition field compares, in the form its values are compared in. */
function valueOf(field: Exclude<ConditionField, "tags" | TimeField>, t: RuleTicket): unknown {
  switch (field) {
    case "subject":
      return fold(t.subject);
    case "first_message":
      return fold(t.firstMessage);
    case "customer_email":
      return fold(t.customerEmail);
    case "customer_domain":
      return domainOf(t.customerEmail);
    case "entrance":
      return t.entrance;
    case "support_address":
      return fold(t.supportAddress);
    case "priority":
      return t.priority;
    case "status":
      return t.status;
    case "group":
      return t.groupId;
    case "assignee":
      return t.assigneeId;
  }
}

const hoursSince = (at: Date, now: Date) => (now.getTime() - at.getTime()) / HOUR_MS;

/**
 * A condition on a custom field: text compares ignoring case, a multi-select "is" (and
 * "contains") an option when it holds it; a ticket without a value "is not" anything.
 */
function customFieldHolds(key: string, operator: Condition["operator"], value: unknown, t: RuleTicket): boolean {
  if (!t.fieldKeys?.includes(key)) return false;
  const actual = t.customFields?.[key];
  const same = (v: unknown) =>
    Array.isArray(actual) ? actual.some((a) => fold(a) === fold(v)) : actual !== undefined && fold(actual) === fold(v);
  const contains = () =>
    Array.isArray(actual)
      ? same(value)
      : typeof actual === "string" && String(fold(actual)).includes(String(fold(value)));
  switch (operator) {
    case "is":
      return same(value);
    case "is_not":
      return !same(value);
    case "in":
      return Array.isArray(value) && value.some(same);
    case "contains":
      return contains();
    case "not_contains":
      return !contains();
    case "hours_since_greater_than":
      return false;
  }
}

/** Whether one condition holds for the ticket at `now`. */
export function conditionHolds(condition: Condition, t: RuleTicket, now: Date): boolean {
  const { field, operator, value } = condition;
  if (isCustomFieldRef(field)) return customFieldHolds(customFieldKeyOf(field), operator, value, t);
  if (field === "tags") {
    const has = t.tags.some((name) => tagKey(name) === tagKey(String(value)));
    return operator === "contains" ? has : !has;
  }
  if (isTimeField(field)) return hoursSince(t[TIME_OF[field]], now) > Number(value);
  const actual = valueOf(field, t);
  const norm = field === "customer_domain" ? foldDomain : fold;
  switch (operator) {
    case "is":
      return actual === norm(value);
    case "is_not":
      return actual !== norm(value);
    case "in":
      return Array.isArray(value) && value.some((v) => actual === norm(v));
    case "contains":
      return typeof actual === "string" && actual.includes(String(norm(value)));
    case "not_contains":
      return !(typeof actual === "string" && actual.includes(String(norm(value))));
    case "hours_since_greater_than":
      return false;
  }
}

/** Whether any of the rules' conditions names a custom field (then the organisation's fields are read). */
export const asksCustomFields = (conditionLists: readonly Conditions[]) =>
  conditionLists.some((c) => [...c.all, ...c.any].some((x) => isCustomFieldRef(x.field)));

/** All of `all` hold and, when `any` names conditions, at least one of them. */
export function conditionsHold(conditions: Conditions, t: RuleTicket, now: Date): boolean {
  return (
    conditions.all.every((c) => conditionHolds(c, t, now)) &&
    (conditions.any.length === 0 || conditions.any.some((c) => conditionHolds(c, t, now)))
  );
}
