import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { planRequiredError } from "@/lib/plans/limits";
import {
  CUSTOM_FIELDS_MAX,
  hasOptions,
  type CustomField,
  type CustomFieldInput,
  type CustomFieldList,
  type CustomFieldPatch,
} from "@/lib/schemas/fields-custom";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { lockOrganization } from "@/lib/services/users/seats";
import { forgetOrganizationFields } from "./field-cache";

type Tx = Prisma.TransactionClient;

export const FIELD_NOT_FOUND = "Field not found";
export const FIELD_LIMIT = `An organisation can have at most ${CUSTOM_FIELDS_MAX} custom fields. Delete one to add another.`;
export const fieldKeyTaken = (key: string) => `A field with the key "${key}" already exists`;

export const FIELD_SELECT = {
  id: true,
  key: true,
  label: true,
  type: true,
  helpText: true,
  options: true,
  position: true,
  required: true,
  customerVisible: true,
  customerEditable: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.CustomFieldSelect;

/** Custom fields are team configuration like rules and SLA policies: Pro and Enterprise. */
export const fieldsAvailable = (plan: Plan) => plan === "pro" || plan === "enterprise";

function assertPlanAllowsFields(plan: Plan) {
  if (!fieldsAvailable(plan)) throw planRequiredError("Custom fields", "pro");
}

/** The organisation's fields in their order (what the ticket screens and value checks read). */
export function fieldsOf(client: Tx | typeof db, organizationId: string): Promise<CustomField[]> {
  return client.customField.findMany({
    where: { organizationId },
    select: FIELD_SELECT,
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
}

/** Staff see the fields to fill them in; admins manage them. Lower plans see that they need Pro. */
export async function listFields(user: SessionUser): Promise<CustomFieldList> {
  const [fields, org] = await Promise.all([
    fieldsOf(db, user.organizationId),
    db.organization.findUniqueOrThrow({ where: { id: user.organizationId }, select: { plan: true } }),
  ]);
  return { fields, available: fieldsAvailable(org.plan), limit: CUSTOM_FIELDS_MAX };
}

function recordFieldEvent(
  tx: Tx,
  user: SessionUser,
  action: string,
  field: { id: string; key: string; label: string },
) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    ...staffAuthor(user),
    action,
    targetType: "custom_field",
    targetId: field.id,
    metadata: { key: field.key, label: field.label },
  });
}

/**
 * A change of the organisation's fields in one transaction, forgotten by this process once it is
 * written (other processes hear it from the table's trigger), so the list's next filter or sort
 * reads it.
 */
async function fieldsTransaction<T>(organizationId: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(write);
  } finally {
    forgetOrganizationFields(organizationId);
  }
}

/** A key clash found by the database (two creates at once) reads like the one checked up front. */
async function keyChecked<T>(key: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(fieldKeyTaken(key));
    throw error;
  }
}

/**
 * A new field, last in the list. Counted under the organisation's row lock, so two admins
 * adding fields at once cannot pass the limit.
 */
export async function createField(user: SessionUser, input: CustomFieldInput): Promise<CustomField> {
  const organizationId = user.organizationId;
  return keyChecked(input.key, () =>
    fieldsTransaction(organizationId, async (tx) => {
      const { plan } = await lockOrganization(tx, organizationId);
      assertPlanAllowsFields(plan);
      const count = await tx.customField.count({ where: { organizationId } });
      if (count >= CUSTOM_FIELDS_MAX) throw conflict(FIELD_LIMIT);
      const clash = await tx.customField.findFirst({ where: { organizationId, key: input.key }, select: { id: true } });
      if (clash) throw conflict(fieldKeyTaken(input.key));
      const created = await tx.customField.create({
        data: { ...input, organizationId, position: count },
        select: FIELD_SELECT,
      });
      await recordFieldEvent(tx, user, "field.created", created);
      return created;
    }),
  );
}

async function lockedField(tx: Tx, user: SessionUser, id: string) {
  const { plan } = await lockOrganization(tx, user.organizationId);
  const field = await tx.customField.findFirst({
    where: { id, organizationId: user.organizationId },
    select: FIELD_SELECT,
  });
  if (!field) throw notFound(FIELD_NOT_FOUND);
  return { plan, field };
}

/** Moves a field to `position` (0 first); the others keep their order around it. */
async function moveField(tx: Tx, organizationId: string, id: string, position: number) {
  const order = (await fieldsOf(tx, organizationId)).map((f) => f.id).filter((other) => other !== id);
  order.splice(Math.min(position, order.length), 0, id);
  await tx.$executeRaw`
    UPDATE "CustomField" AS f SET "position" = o.ord - 1, "updatedAt" = now()
    FROM unnest(${order}::text[]) WITH ORDINALITY AS o(id, ord)
    WHERE f."id" = o.id AND f."organizationId" = ${organizationId}`;
}

/**
 * Changes a field's label, help, options, place or flags. Its key and type stay (values on
 * tickets are stored under the key, in the type's shape). An option taken away stays on the
 * tickets that hold it and still reads there; it can no longer be chosen.
 */
export async function updateField(user: SessionUser, id: string, patch: CustomFieldPatch): Promise<CustomField> {
  const { key, type, position, ...changes } = patch;
  return fieldsTransaction(user.organizationId, async (tx) => {
    const { plan, field } = await lockedField(tx, user, id);
    assertPlanAllowsFields(plan);
    if (key !== undefined && key !== field.key) throw badRequest("A field's key cannot change");
    if (type !== undefined && type !== field.type) throw badRequest("A field's type cannot change");
    if (changes.options !== undefined) {
      if (!hasOptions(field.type) && changes.options.length > 0)
        throw badRequest("Only a dropdown or multi-select has options");
      if (hasOptions(field.type) && changes.options.length === 0)
        throw badRequest("A dropdown or multi-select needs at least one option");
    }
    const visible = changes.customerVisible ?? field.customerVisible;
    const editable = changes.customerEditable ?? field.customerEditable;
    // Hiding a field from customers also stops them filling it in.
    if (editable && !visible) {
      if (changes.customerEditable) throw badRequest("A field customers may fill in must be visible to them");
      changes.customerEditable = false;
    }
    if (position !== undefined) await moveField(tx, user.organizationId, id, position);
    const updated = await tx.customField.update({
      where: { id, organizationId: user.organizationId },
      data: changes,
      select: FIELD_SELECT,
    });
    await recordFieldEvent(tx, user, "field.updated", updated);
    return updated;
  });
}

/**
 * Deletes a field (on every plan, so a team that moved down can tidy up). Its values leave the
 * tickets, so a later field with the same key starts empty; the history keeps each change as
 * it read then, under the label of the time.
 */
export async function deleteField(user: SessionUser, id: string): Promise<void> {
  const organizationId = user.organizationId;
  await fieldsTransaction(organizationId, async (tx) => {
    const { field } = await lockedField(tx, user, id);
    await tx.customField.delete({ where: { id, organizationId } });
    await tx.$executeRaw`
      UPDATE "Ticket" SET "customFields" = "customFields" - ${field.key}::text
      WHERE "organizationId" = ${organizationId} AND "customFields" ? ${field.key}::text`;
    const rest = await fieldsOf(tx, organizationId);
    for (const [index, other] of rest.entries())
      if (other.position !== index)
        await tx.customField.update({ where: { id: other.id, organizationId }, data: { position: index } });
    await recordFieldEvent(tx, user, "field.deleted", field);
  });
}
