import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";
import { ASSIGN_TO_GROUP, type Action, type Entrance } from "@/lib/schemas/automations";
import type { TicketGroup } from "@/lib/schemas/groups";
import type { CreateTicketInput } from "@/lib/schemas/tickets";
import { db, queryRows } from "@/lib/server/db";
import { prepareTagChangeAhead, tagsAfter } from "@/lib/services/tickets/tags";
import type { ActiveRule } from "./active-rules";
import type { CustomFieldValues } from "@/lib/schemas/fields-custom";
import { fieldsOf } from "@/lib/services/fields/definitions";
import { asksCustomFields, type RuleTicket } from "./conditions";
import { chainStoppedMetadata, rulePasses } from "./engine";
import { supportAddressOf } from "./origin";

/** A change a rule made to a new ticket, as the ticket's history records it (naming the rule). */
export type RuleChange = { rule: string; action: string; metadata: Prisma.InputJsonObject };

/**
 * A new ticket as the organisation's rules leave it, worked out before it is written, so that it
 * is written already routed in the statement that creates it.
 */
export type RoutedTicket = {
  priority: TicketPriority;
  group: TicketGroup | null;
  assigneeId: string | null;
  tagIds: string[];
  changes: RuleChange[];
  /** The activity-log entry when rules kept changing the ticket (see rulePasses). */
  chainStopped: ReturnType<typeof chainStoppedMetadata> | null;
};

/** A rule fired with an action that cannot be worked out ahead: the rules run in the creating transaction. */
class NeedsTransaction extends Error {}

type GroupRow = TicketGroup & { assignment: string };

/** The groups and agents the rules name, looked up once each (a deleted or deactivated one is passed over). */
function referenceLookups(organizationId: string) {
  const groups = new Map<string, Promise<GroupRow | undefined>>();
  const agents = new Map<string, Promise<boolean>>();
  return {
    group(id: string) {
      if (!groups.has(id))
        groups.set(
          id,
          queryRows<GroupRow>(Prisma.sql`
            SELECT "id", "name", "assignment"::text AS "assignment" FROM "Group"
            WHERE "id" = ${id} AND "organizationId" = ${organizationId}`).then(([row]) => row),
        );
      return groups.get(id)!;
    },
    agent(id: string) {
      if (!agents.has(id))
        agents.set(
          id,
          queryRows<{ id: string }>(Prisma.sql`
            SELECT "id" FROM "User" WHERE "id" = ${id} AND "organizationId" = ${organizationId} AND "isActive"
              AND "role"::text = ANY(${[...ASSIGNABLE_ROLES]}::text[])`).then((rows) => rows.length > 0),
        );
      return agents.get(id)!;
    },
  };
}

/**
 * Runs the organisation's rules for a new ticket on the ticket as it is about to be written,
 * exactly as the engine would run them on the written ticket (same passes, same order, the same
 * changes recorded), without a transaction: the ticket is then written routed, on the path of a
 * ticket without rules. Nothing when a rule that fires does more than set fields and tags (a note,
 * a mail, a status change that mails the customer, a group that shares out its tickets): those
 * rules run in the creating transaction instead.
 */
export async function routeNewTicket(
  organizationId: string,
  rules: ActiveRule[],
  view: RuleTicket,
  now: Date,
): Promise<RoutedTicket | null> {
  const lookups = referenceLookups(organizationId);
  const routed: RoutedTicket = {
    priority: view.priority,
    group: null,
    assigneeId: view.assigneeId,
    tagIds: [],
    changes: [],
    chainStopped: null,
  };
  const change = (rule: ActiveRule, action: string, metadata: Prisma.InputJsonObject) =>
    routed.changes.push({ rule: rule.name, action, metadata });

  async function apply(rule: ActiveRule, action: Action) {
    switch (action.type) {
      case "set_priority": {
        if (action.value === routed.priority) return;
        change(rule, "ticket.priority_changed", { field: "priority", from: routed.priority, to: action.value });
        routed.priority = view.priority = action.value;
        return;
      }
      case "set_group": {
        if (action.value === routed.group?.id) return;
        const group = await lookups.group(action.value);
        if (!group) return;
        if (group.assignment !== "manual") throw new NeedsTransaction();
        const from = routed.group;
        change(rule, "ticket.group_changed", {
          field: "group",
          from: from?.id ?? null,
          to: group.id,
          fromName: from?.name ?? null,
          toName: group.name,
        });
        routed.group = { id: group.id, name: group.name };
        view.groupId = group.id;
        return;
      }
      case "assign": {
        if (action.value === ASSIGN_TO_GROUP) throw new NeedsTransaction();
        if (action.value === routed.assigneeId || !(await lookups.agent(action.value))) return;
        change(rule, "ticket.assigned", { field: "assignee", from: routed.assigneeId, to: action.value });
        routed.assigneeId = view.assigneeId = action.value;
        return;
      }
      case "add_tags":
      case "remove_tags": {
        const wanted =
          action.type === "add_tags" ? { add: action.value, remove: [] } : { add: [], remove: action.value };
        const { tagIds, added, removed } = tagsAfter(
          routed.tagIds,
          await prepareTagChangeAhead(organizationId, wanted),
        );
        for (const t of added) change(rule, "ticket.tag_added", { field: "tag", tag: t.name });
        for (const t of removed) change(rule, "ticket.tag_removed", { field: "tag", tag: t.name });
        routed.tagIds = tagIds;
        view.tags = [...view.tags.filter((name) => !removed.some((t) => t.name === name)), ...added.map((t) => t.name)];
        return;
      }
      default:
        throw new NeedsTransaction();
    }
  }

  try {
    const { fired, stopped } = await rulePasses(rules, view, now, async (rule) => {
      for (const action of rule.actions) await apply(rule, action);
    });
    if (stopped.length > 0) routed.chainStopped = chainStoppedMetadata(fired, stopped);
    return routed;
  } catch (error) {
    if (error instanceof NeedsTransaction) return null;
    throw error;
  }
}

/**
 * A new ticket as the rules see it before it is written. The support address it came to is
 * looked up only when a rule asks about it.
 */
export async function newTicketView(
  organizationId: string,
  rules: ActiveRule[],
  input: CreateTicketInput,
  origin: { entrance: Entrance; supportEmailId: string | null },
  now: Date,
  /** Something else reads the address too (the organisation's SLA policies). */
  addressAsked = false,
  /** The ticket's custom field values, checked (newTicketValues). */
  customFields: CustomFieldValues = {},
): Promise<RuleTicket> {
  const asksAddress =
    addressAsked ||
    rules.some((rule) => [...rule.conditions.all, ...rule.conditions.any].some((c) => c.field === "support_address"));
  return {
    subject: input.subject,
    firstMessage: input.description,
    customerEmail: input.customerEmail,
    entrance: origin.entrance,
    supportAddress: asksAddress ? await supportAddressOf(db, organizationId, origin.supportEmailId) : null,
    priority: input.priority as TicketPriority,
    status: input.status as TicketStatus,
    groupId: null,
    assigneeId: input.assignedTo ?? null,
    tags: [],
    createdAt: now,
    updatedAt: now,
    statusChangedAt: now,
    assigneeChangedAt: now,
    teamRepliedAt: now,
    customFields,
    fieldKeys: asksCustomFields(rules.map((r) => r.conditions))
      ? (await fieldsOf(db, organizationId)).map((f) => f.key)
      : [],
  };
}
