import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";
import type { db } from "@/lib/server/db";
import { ASSIGN_TO_GROUP, type Action, type Conditions } from "@/lib/schemas/automations";

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
}
