import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";
import { ruleLabel } from "@/lib/format/ticket-history";

type Tx = Prisma.TransactionClient | typeof db;

export type AuditInput = {
  organizationId: string;
  actorId?: string | null;
  actorType?: "user" | "customer" | "system" | "api";
  actorLabel?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ticketId?: string;
  metadata?: Prisma.InputJsonValue;
};

/** An automation rule as the one who acted: the product, naming the rule ("Rule 'Refunds to Billing'"). */
export const ruleActor = (rule: string) => ({ actorType: "system" as const, actorLabel: ruleLabel(rule) });

/** Records who did what; pass the transaction so the event commits with the change. */
export async function recordEvent(tx: Tx, event: AuditInput) {
  await tx.auditEvent.create({
    data: {
      organizationId: event.organizationId,
      actorId: event.actorId ?? null,
      actorType: event.actorType ?? "user",
      actorLabel: event.actorLabel ?? null,
      action: event.action,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      ticketId: event.ticketId ?? null,
      ...(event.metadata !== undefined ? { metadata: event.metadata } : {}),
    },
  });
}
