import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { renderPlaceholders } from "@/lib/macros/placeholders";
import {
  ASSIGN_TO_GROUP,
  type Action,
  type AutomationChange,
  type AutomationInput,
  type AutomationPreview,
  type Entrance,
  PREVIEW_TICKETS,
} from "@/lib/schemas/automations";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import { tagKey } from "@/lib/tags/names";
import { tagNamesById } from "@/lib/services/tickets/tags";
import { formatCustomFieldValue, type CustomField } from "@/lib/schemas/fields-custom";
import { fieldsOf } from "@/lib/services/fields/definitions";
import { mergeCustomFields, storedValues } from "@/lib/services/fields/values";
import { conditionsHold, type RuleTicket } from "./conditions";
import { assertReferencesOwn } from "./references";
import { assertPlanAllows } from "./rules";

type PreviewRow = Omit<RuleTicket, "tags"> & {
  id: string;
  ticketNumber: number;
  customerName: string;
  tagIds: string[];
};

type PreviewTicket = PreviewRow & RuleTicket;

/**
 * The organisation's latest tickets as conditions read them. How each came in is told by its
 * row and the mail that opened it: a customer's ticket opened by a mail came by email (to that
 * mail's support address), any other customer's by the portal, the team's by an agent.
 */
async function latestTickets(organizationId: string): Promise<PreviewRow[]> {
  return queryRows<PreviewRow>(Prisma.sql`
    SELECT t."id", t."ticketNumber", t."subject", t."description" AS "firstMessage", t."customerName",
      t."customerEmail", t."priority"::text AS "priority", t."status"::text AS "status", t."groupId",
      t."assignedToId" AS "assigneeId", t."tagIds", t."createdAt", t."updatedAt",
      t."statusChangedAt", t."assigneeChangedAt", t."teamRepliedAt", t."customFields",
      CASE WHEN NOT t."raisedByCustomer" THEN 'agent' WHEN m."id" IS NOT NULL THEN 'email' ELSE 'portal' END AS "entrance",
      s."email" AS "supportAddress"
    FROM "Ticket" t
    LEFT JOIN LATERAL (
      SELECT i."id", i."supportEmailId" FROM "InboundMessage" i
      WHERE i."organizationId" = t."organizationId" AND i."ticketId" = t."id" AND i."replyId" IS NULL
      ORDER BY i."createdAt" LIMIT 1
    ) m ON true
    LEFT JOIN "SupportEmail" s ON s."id" = m."supportEmailId"
    WHERE t."organizationId" = ${organizationId}
    ORDER BY t."createdAt" DESC, t."id" DESC
    LIMIT ${PREVIEW_TICKETS}`);
}

/** What the rule's actions would change on the ticket, in their order, without changing it. */
function plannedChanges(
  ticket: PreviewTicket,
  actions: Action[],
  organizationName: string,
  fields: CustomField[],
): AutomationChange[] {
  const changes: AutomationChange[] = [];
  const state: PreviewTicket = { ...ticket };
  const set = <K extends "priority" | "status" | "groupId" | "assigneeId">(
    field: string,
    key: K,
    to: PreviewTicket[K],
  ) => {
    if (state[key] === to) return;
    changes.push({ field, from: state[key], to });
    state[key] = to;
  };
  for (const action of actions) {
    switch (action.type) {
      case "set_priority":
        set("priority", "priority", action.value as TicketPriority);
        break;
      case "set_status":
        set("status", "status", action.value as TicketStatus);
        break;
      case "set_group":
        set("group", "groupId", action.value);
        break;
      case "assign":
        if (action.value !== ASSIGN_TO_GROUP) set("assignee", "assigneeId", action.value);
        break;
      case "add_tags":
      case "remove_tags": {
        const keys = new Set(action.value.map(tagKey));
        const to =
          action.type === "add_tags"
            ? [...state.tags, ...action.value.filter((n) => !state.tags.some((t) => tagKey(t) === tagKey(n)))]
            : state.tags.filter((t) => !keys.has(tagKey(t)));
        if (to.length !== state.tags.length) changes.push({ field: "tags", from: state.tags, to });
        state.tags = to;
        break;
      }
      case "add_note":
      case "email_customer":
      case "email_group": {
        const text = renderPlaceholders(action.value, {
          ticket,
          agent: { fullName: null },
          organization: { name: organizationName },
        });
        changes.push({ field: action.type === "add_note" ? "note" : action.type, from: null, to: text });
        break;
      }
      case "set_field": {
        const field = fields.find((f) => f.key === action.value.key);
        if (!field) break;
        const before = storedValues(state.customFields);
        const { values } = mergeCustomFields([field], before, { [field.key]: action.value.value });
        const [from, to] = [formatCustomFieldValue(before[field.key]), formatCustomFieldValue(values[field.key])];
        if (from !== to) changes.push({ field: `field.${field.key}`, label: field.label, from, to });
        state.customFields = values;
        break;
      }
    }
  }
  return changes;
}

/**
 * Which of the organisation's latest tickets the rule would have matched and what it would have
 * changed on each, as the rule alone would (a chain with other rules is not followed); nothing
 * is written.
 */
export async function previewAutomation(user: SessionUser, input: AutomationInput): Promise<AutomationPreview> {
  const organizationId = user.organizationId;
  const org = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { plan: true, name: true },
  });
  assertPlanAllows(org.plan, input);
  await assertReferencesOwn(db, organizationId, input);
  const rows = await latestTickets(organizationId);
  const fields = await fieldsOf(db, organizationId);
  const fieldKeys = fields.map((f) => f.key);
  const tagNames = await tagNamesById(db, organizationId, [...new Set(rows.flatMap((r) => r.tagIds))]);
  const now = new Date();
  const matches: AutomationPreview["matches"] = [];
  for (const row of rows) {
    const ticket = {
      ...row,
      entrance: row.entrance as Entrance,
      tags: row.tagIds.flatMap((id) => tagNames.get(id) ?? []),
      customFields: storedValues(row.customFields),
      fieldKeys,
    };
    if (!conditionsHold(input.conditions, ticket, now)) continue;
    matches.push({
      ticketId: row.id,
      ticketNumber: row.ticketNumber,
      changes: plannedChanges(ticket, input.actions, org.name, fields),
    });
  }
  return { matches, examined: rows.length };
}
