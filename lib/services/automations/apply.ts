import "server-only";
import type { Prisma, Ticket as TicketModel } from "@/generated/prisma/client";
import { renderPlaceholders } from "@/lib/macros/placeholders";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";
import { ASSIGN_TO_GROUP, type Action } from "@/lib/schemas/automations";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent, ruleActor } from "@/lib/services/audit";
import { assignInGroup } from "@/lib/services/groups/assignment";
import { notifyStatusChange, notifyTeamMessage, notifyTeamOfRule } from "@/lib/services/mail/notifications";
import { statusClock } from "@/lib/services/tickets/status";
import { applyTicketTags, tagNames } from "@/lib/services/tickets/tags";
import { enqueueReplyCreated } from "@/lib/services/webhooks/reply-events";
import { checkCustomFieldValue } from "@/lib/schemas/fields-custom";
import { fieldsOf } from "@/lib/services/fields/definitions";
import { mergeCustomFields, storedValues } from "@/lib/services/fields/values";
import type { RuleTicket } from "./conditions";

type Tx = Prisma.TransactionClient;

/**
 * A ticket while rules change it: its locked row and what conditions read of it, both kept up
 * to date by every action, so the next rule sees the ticket as the last one left it.
 */
export type RuleRun = {
  tx: Tx;
  now: Date;
  organizationName: string;
  row: TicketModel;
  view: RuleTicket;
};

type Rule = { name: string };

/** A change a rule made, recorded in the ticket's history as the rule's (the product acting, naming the rule). */
function recordRuleChange(run: RuleRun, rule: Rule, action: string, metadata: Prisma.InputJsonObject) {
  return recordEvent(run.tx, {
    organizationId: run.row.organizationId,
    ...ruleActor(rule.name),
    action,
    targetType: "ticket",
    targetId: run.row.id,
    ticketId: run.row.id,
    metadata: { ...metadata, rule: rule.name },
  });
}

async function writeTicket(run: RuleRun, data: Prisma.TicketUpdateInput) {
  run.row = await run.tx.ticket.update({
    where: { id: run.row.id, organizationId: run.row.organizationId },
    data: { ...data, updatedAt: run.now },
  });
  run.view.updatedAt = run.now;
  // The database dates a status or assignee change (the time rules' clocks): the next rule reads them as changed.
  run.view.statusChangedAt = run.row.statusChangedAt;
  run.view.assigneeChangedAt = run.row.assigneeChangedAt;
}

/** An unassigned ticket given to a member of its group by the group's mode (see assignment.ts). */
async function assignByGroup(run: RuleRun, rule: Rule) {
  const assigned = await assignInGroup(run.tx, run.row, { rule: rule.name }, run.now);
  if (!assigned) return;
  run.row = assigned;
  run.view.assigneeId = assigned.assignedToId;
  run.view.assigneeChangedAt = assigned.assigneeChangedAt;
  run.view.updatedAt = run.now;
}

/** A rule's text with the ticket's placeholders filled in, as a macro's are (no agent: the team writes). */
const filledIn = (run: RuleRun, text: string) =>
  renderPlaceholders(text, {
    ticket: run.row,
    agent: { fullName: null },
    organization: { name: run.organizationName },
  });

/** Whom a rule's mail to the team goes to: the active members of the ticket's group, else its active assignee. */
async function teamToMail(run: RuleRun): Promise<{ who: "group" | "assignee"; emails: string[] }> {
  const { tx, row } = run;
  if (row.groupId) {
    const members = await tx.groupMember.findMany({
      where: { groupId: row.groupId, user: { isActive: true, organizationId: row.organizationId } },
      select: { user: { select: { email: true } } },
      orderBy: { userId: "asc" },
    });
    return { who: "group", emails: members.map((m) => m.user.email) };
  }
  const assignee = row.assignedToId
    ? await tx.user.findFirst({
        where: { id: row.assignedToId, organizationId: row.organizationId, isActive: true },
        select: { email: true },
      })
    : null;
  return { who: "assignee", emails: assignee ? [assignee.email] : [] };
}

/**
 * Carries out one action of a rule on the ticket. An action that changes nothing (the priority
 * it sets is the ticket's already) writes nothing; one naming a group or person since deleted or
 * deactivated is passed over.
 */
export async function applyAction(run: RuleRun, rule: Rule, action: Action): Promise<void> {
  const { tx, row } = run;
  switch (action.type) {
    case "set_priority": {
      if (action.value === row.priority) return;
      const from = row.priority;
      await writeTicket(run, { priority: action.value });
      run.view.priority = action.value;
      return recordRuleChange(run, rule, "ticket.priority_changed", { field: "priority", from, to: action.value });
    }
    case "set_status": {
      if (action.value === row.status) return;
      const from = row.status;
      await writeTicket(run, { status: action.value, ...statusClock(row, action.value, run.now) });
      run.view.status = action.value;
      await recordRuleChange(run, rule, "ticket.status_changed", { field: "status", from, to: action.value });
      return notifyStatusChange(tx, row, { from, to: action.value }, run.now);
    }
    case "set_group": {
      if (action.value === row.groupId) return;
      const group = await tx.group.findFirst({
        where: { id: action.value, organizationId: row.organizationId },
        select: { id: true, name: true },
      });
      if (!group) return;
      const previous = row.groupId
        ? await tx.group.findUnique({ where: { id: row.groupId }, select: { name: true } })
        : null;
      const from = row.groupId;
      await writeTicket(run, { group: { connect: { id: group.id } } });
      run.view.groupId = group.id;
      await recordRuleChange(run, rule, "ticket.group_changed", {
        field: "group",
        from,
        to: group.id,
        fromName: previous?.name ?? null,
        toName: group.name,
      });
      // An unassigned ticket entering a group is shared out by the group's mode at once.
      return assignByGroup(run, rule);
    }
    case "assign": {
      if (action.value === ASSIGN_TO_GROUP) return assignByGroup(run, rule);
      if (action.value === row.assignedToId) return;
      const agent = await tx.user.findFirst({
        where: {
          id: action.value,
          organizationId: row.organizationId,
          isActive: true,
          role: { in: [...ASSIGNABLE_ROLES] },
        },
        select: { id: true },
      });
      if (!agent) return;
      const from = row.assignedToId;
      await writeTicket(run, { assignedTo: { connect: { id: agent.id } } });
      run.view.assigneeId = agent.id;
      return recordRuleChange(run, rule, "ticket.assigned", { field: "assignee", from, to: agent.id });
    }
    case "add_tags":
    case "remove_tags": {
      const change = action.type === "add_tags" ? { add: action.value, remove: [] } : { add: [], remove: action.value };
      const ticket = { id: row.id, organizationId: row.organizationId, tagIds: row.tagIds };
      const { version } = await applyTicketTags(
        tx,
        { organizationId: row.organizationId, rule: rule.name },
        ticket,
        change,
        run.now,
      );
      if (version === null) return;
      row.tagIds = ticket.tagIds;
      run.view.tags = await tagNames(tx, row.organizationId, row.tagIds);
      run.view.updatedAt = run.now;
      return;
    }
    case "add_note": {
      const content = filledIn(run, action.value);
      const note = await tx.reply.create({
        data: {
          organizationId: row.organizationId,
          ticketId: row.id,
          content,
          type: "internal",
          authorType: "agent",
          authorEmail: PRODUCT_NAME,
        },
        select: { id: true },
      });
      await recordEvent(tx, {
        organizationId: row.organizationId,
        ...ruleActor(rule.name),
        action: "ticket.note_added",
        targetType: "reply",
        targetId: note.id,
        ticketId: row.id,
        metadata: { rule: rule.name },
      });
      return enqueueReplyCreated(tx, { organizationId: row.organizationId, ticketId: row.id, id: note.id });
    }
    case "email_customer": {
      if (!(await notifyTeamMessage(tx, row, filledIn(run, action.value)))) return;
      return recordRuleChange(run, rule, "ticket.customer_mailed", {});
    }
    case "email_group": {
      const to = await teamToMail(run);
      if (to.emails.length === 0) return;
      await notifyTeamOfRule(tx, row, { rule: rule.name, text: filledIn(run, action.value), to: to.emails });
      return recordRuleChange(run, rule, "ticket.team_mailed", { to: to.who });
    }
    case "set_field": {
      // Read in the transaction, so the value is checked against the fields as they are now: a
      // field deleted since the rule was saved, or a value it no longer takes (an option removed), is passed over.
      const fields = await fieldsOf(tx, row.organizationId);
      const field = fields.find((f) => f.key === action.value.key);
      if (!field || !checkCustomFieldValue(field, action.value.value).ok) return;
      const { values, changes } = mergeCustomFields(fields, storedValues(row.customFields), {
        [field.key]: action.value.value,
      });
      if (changes.length === 0) return;
      await writeTicket(run, { customFields: values });
      run.view.customFields = values;
      for (const c of changes)
        await recordRuleChange(run, rule, "ticket.field_changed", {
          field: c.key,
          label: c.label,
          from: c.from,
          to: c.to,
        });
      return;
    }
  }
}
