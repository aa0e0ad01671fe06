import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { CustomField, CustomFieldValues } from "@/lib/schemas/fields-custom";
import { db } from "@/lib/server/db";
import type { TicketActor } from "@/lib/services/actor";
import { checkedCustomFields, type CustomFieldsInput } from "./values";

/** What a customer may fill in on a new ticket: the fields shown to customers and left for them to edit. */
export const customerMayFill = (field: CustomField) => field.customerVisible && field.customerEditable;

/**
 * A new ticket's values, each checked against its field's type (a wrong one is a 400 naming the
 * field). The team may fill any field; a customer (account, portal) only those customerMayFill
 * allows, any other key being refused by name. Required fields need not be filled yet: they stop
 * the ticket being resolved, not being raised. Empty when none were given.
 */
export async function newTicketValues(
  actor: TicketActor,
  organizationId: string,
  input: CustomFieldsInput | undefined,
): Promise<CustomFieldValues> {
  const allowed = actor.kind === "staff" ? undefined : customerMayFill;
  return (await checkedCustomFields(db, organizationId, {}, input ?? {}, allowed)).values;
}

/**
 * The values as the ticket's INSERT writes them, in its own statement: a field deleted since they
 * were checked is left out there, so a ticket never holds a value of a field that no longer exists.
 */
export function newTicketValuesSql(organizationId: string, values: CustomFieldValues): Prisma.Sql {
  if (Object.keys(values).length === 0) return Prisma.sql`'{}'::jsonb`;
  return Prisma.sql`(SELECT COALESCE(jsonb_object_agg(v."key", v."value"), '{}'::jsonb)
    FROM jsonb_each(${JSON.stringify(values)}::jsonb) v
    WHERE EXISTS (SELECT 1 FROM "CustomField" f WHERE f."organizationId" = ${organizationId} AND f."key" = v."key"))`;
}
