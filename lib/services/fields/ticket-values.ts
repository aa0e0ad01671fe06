import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import type { SessionUser } from "@/lib/schemas/session-user";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { fieldsOf } from "./definitions";
import {
  mergeCustomFields,
  missingRequired,
  requiredFieldsError,
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
