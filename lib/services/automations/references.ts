import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";
import type { db } from "@/lib/server/db";
import {
  ASSIGN_TO_GROUP,
  customFieldKeyOf,
  isCustomFieldRef,
  type Action,
  type Conditions,
} from "@/lib/schemas/automations";
import { checkCustomFieldValue, type CustomField } from "@/lib/schemas/fields-custom";
import { fieldsOf } from "@/lib/services/fields/definitions";

/** A transaction, or the database for a read on its own (the preview). */
type Reader = Prisma.TransactionClient | typeof db;
type Reference = { path: string; id: string };

/** Where a rule names a group or a person, each with the path the API reports a problem at. */
function referencesOf(conditions: Conditions | undefined, actions: Action[] | undefined) {
  const groups: Reference[] = [];
  const people: Reference[] = [];
  const agents: Reference[] = [];
  for (const list of ["all", "any"] as const)
    conditions?.[list].forEach((c, i) => {
      if (c.field !== "group" && c.field !== "assignee") return;
      const into = c.field === "group" ? groups : people;
      const base = `conditions.${list}.${i}.value`;
      if (Array.isArray(c.value)) c.value.forEach((id, j) => id !== null && into.push({ path: `${base}.${j}`, id }));
      else if (typeof c.value === "string") into.push({ path: base, id: c.value });
    });
  actions?.forEach((a, i) => {
    const path = `actions.${i}.value`;
    if (a.type === "set_group") groups.push({ path, id: a.value });
    if (a.type === "assign" && a.value !== ASSIGN_TO_GROUP) agents.push({ path, id: a.value });
  });
  return { groups, people, agents };
}

const refused = (missing: Reference[], message: string) => {
  const first = missing[0];
  if (first)
    throw badRequest(
      message,
      missing.map((m) => ({ path: m.path, message })),
    );
};

/**
 * A rule names only groups and people of its own organisation, and assigns only to active
 * agents: another organisation's id reads like one that does not exist (400 naming the field).
 */
export async function assertReferencesOwn(
  tx: Reader,
  organizationId: string,
  rule: { conditions?: Conditions; actions?: Action[] },
) {
  const { groups, people, agents } = referencesOf(rule.conditions, rule.actions);
  const ids = (refs: Reference[]) => [...new Set(refs.map((r) => r.id))];
  // One after another: the queries share the transaction's connection.
  const foundGroups = groups.length
    ? await tx.group.findMany({ where: { organizationId, id: { in: ids(groups) } }, select: { id: true } })
    : [];
  const foundPeople = people.length
    ? await tx.user.findMany({
        where: { organizationId, id: { in: ids(people) }, role: { in: [...ASSIGNABLE_ROLES] } },
        select: { id: true },
      })
    : [];
  const foundAgents = agents.length
    ? await tx.user.findMany({
        where: { organizationId, id: { in: ids(agents) }, isActive: true, role: { in: [...ASSIGNABLE_ROLES] } },
        select: { id: true },
      })
    : [];
  const missing = (refs: Reference[], found: { id: string }[]) => refs.filter((r) => !found.some((f) => f.id === r.id));
  refused(missing(groups, foundGroups), "Unknown group");
  refused(missing(people, foundPeople), "Unknown agent");
  refused(missing(agents, foundAgents), "Assignee must be an active agent of this organization");
  await assertCustomFieldsFit(tx, organizationId, rule);
}

export const UNKNOWN_CUSTOM_FIELD = "Unknown custom field";
/** The custom field types a condition may look inside ("contains"). */
const SEARCHABLE = new Set<CustomField["type"]>(["text", "long_text", "multi_select"]);

/** Why `value` cannot be compared with the field, or null when it can (a multi-select "is" one of its options). */
function comparedValueProblem(field: CustomField, value: unknown): string | null {
  const check = checkCustomFieldValue(field, field.type === "multi_select" ? [value] : value);
  if (!check.ok) return check.message;
  return check.value === null ? `${field.label} cannot be compared with an empty value` : null;
}

/**
 * Conditions and set_field actions on custom fields name fields of the organisation (else a 400
 * "Unknown custom field" at the path) with values their types take: a condition's value as
 * checkCustomFieldValue checks a ticket's ("contains" only on text, long text and multi-select,
 * where any text may be looked for), set_field's value exactly so.
 */
async function assertCustomFieldsFit(
  tx: Reader,
  organizationId: string,
  rule: { conditions?: Conditions; actions?: Action[] },
) {
  const conditions = (["all", "any"] as const).flatMap((list) =>
    (rule.conditions?.[list] ?? []).map((c, i) => ({ c, path: `conditions.${list}.${i}` })),
  );
  const custom = conditions.filter(({ c }) => isCustomFieldRef(c.field));
  const sets = (rule.actions ?? []).flatMap((a, i) =>
    a.type === "set_field" ? [{ a, path: `actions.${i}.value` }] : [],
  );
  if (custom.length === 0 && sets.length === 0) return;
  const byKey = new Map((await fieldsOf(tx, organizationId)).map((f) => [f.key, f]));
  const refuse = (path: string, message: string): never => {
    throw badRequest(message, [{ path, message }]);
  };
  for (const { c, path } of custom) {
    const field =
      byKey.get(customFieldKeyOf(c.field as `field.${string}`)) ?? refuse(`${path}.field`, UNKNOWN_CUSTOM_FIELD);
    const looksInside = c.operator === "contains" || c.operator === "not_contains";
    if (looksInside && !SEARCHABLE.has(field.type))
      refuse(`${path}.operator`, `"${c.operator}" does not apply to ${field.label}. Use one of: is, is_not, in`);
    // Any text may be looked for inside text; compared values must be ones the field can hold.
    if (looksInside && field.type !== "multi_select") continue;
    const values = c.operator === "in" && Array.isArray(c.value) ? c.value : [c.value];
    for (const [j, value] of values.entries()) {
      const problem = comparedValueProblem(field, value);
      if (problem) refuse(c.operator === "in" ? `${path}.value.${j}` : `${path}.value`, problem);
    }
  }
  for (const { a, path } of sets) {
    if (a.type !== "set_field") continue;
    const field = byKey.get(a.value.key) ?? refuse(`${path}.key`, UNKNOWN_CUSTOM_FIELD);
    const check = checkCustomFieldValue(field, a.value.value);
    if (!check.ok) refuse(`${path}.value`, check.message);
  }
}
