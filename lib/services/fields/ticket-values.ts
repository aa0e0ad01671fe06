import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import type { SessionUser } from "@/lib/schemas/session-user";
import { badRequest } from "@/lib/errors";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { fieldsOf } from "./definitions";
import {
  mergeCustomFields,
  missingRequired,
  requiredFieldsError,
  requiredFieldsMessage,
  storedValues,
  type CustomFieldsInput,
} from "./values";

type Tx = Prisma.TransactionClient;

/** Statuses a ticket cannot reach while a required field is empty. */
const DONE: readonly TicketStatus[] = ["resolved", "closed"];

/**
 * A staff change of a ticket's custom fields, in the change's transaction: the values are
 * checked against the organisation's fields, merged into the stored ones and written, each
 * changed field one history event keeping the label of the time ("Order number changed from
 * 1234 to 1243"). A move to resolved or closed is refused while a required field stays empty.
 * Whether any value changed.
 */
export async function applyCustomFieldValues(
  tx: Tx,
  user: SessionUser,
  ticket: { id: string; status: TicketStatus; customFields: Prisma.JsonValue },
  change: { customFields?: CustomFieldsInput; status?: TicketStatus },
  now: Date,
): Promise<boolean> {
  const input = change.customFields ?? {};
  const movesToDone = change.status !== undefined && change.status !== ticket.status && DONE.includes(change.status);
  if (Object.keys(input).length === 0 && !movesToDone) return false;
  const fields = await fieldsOf(tx, user.organizationId);
  const { values, changes } = mergeCustomFields(fields, storedValues(ticket.customFields), input);
  if (movesToDone) {
    const missing = missingRequired(fields, values);
    if (missing.length > 0) throw requiredFieldsError(missing);
  }
  if (changes.length === 0) return false;
  await tx.ticket.update({
    where: { id: ticket.id, organizationId: user.organizationId },
    data: { customFields: values, updatedAt: now },
  });
  for (const c of changes)
    await recordEvent(tx, {
      organizationId: user.organizationId,
      ...staffAuthor(user),
      action: "ticket.field_changed",
      targetType: "ticket",
      targetId: ticket.id,
      ticketId: ticket.id,
      metadata: { field: c.key, label: c.label, from: c.from, to: c.to },
    });
  return true;
}

/**
 * A move of these tickets to resolved or closed that does not pass through a change of their
 * values (a bulk change, a reply sent with a status, a macro's status) is refused while one of
 * them leaves a required field empty: a 400 naming the ticket and the fields. Nothing is read
 * unless the move is to resolved or closed.
 */
export async function assertRequiredFilled(
  tx: Tx,
  organizationId: string,
  tickets: readonly { ticketNumber: number; status: TicketStatus; customFields: Prisma.JsonValue }[],
  status: string | undefined,
): Promise<void> {
  if (status === undefined || !DONE.includes(status as TicketStatus)) return;
  const moving = tickets.filter((t) => t.status !== status);
  if (moving.length === 0) return;
  const fields = await fieldsOf(tx, organizationId);
  if (!fields.some((f) => f.required)) return;
  for (const ticket of moving) {
    const missing = missingRequired(fields, storedValues(ticket.customFields));
    if (missing.length > 0) throw badRequest(`Ticket #${ticket.ticketNumber}: ${requiredFieldsMessage(missing)}`);
  }
}
