import "server-only";
import type { KbSettings, KbSettingsUpdate } from "@/lib/schemas/kb-api";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { recordEvent } from "@/lib/services/audit";

const SETTINGS_SELECT = { slug: true, helpCenterEnabled: true, receiptSuggestsArticles: true } as const;

function toSettings(org: { slug: string; helpCenterEnabled: boolean; receiptSuggestsArticles: boolean }): KbSettings {
  return {
    helpCenterEnabled: org.helpCenterEnabled,
    receiptSuggestsArticles: org.receiptSuggestsArticles,
    helpCenterUrl: `${env.appUrl}/help/${org.slug}`,
  };
}

/** Whether the organisation's help center is on, whether receipts suggest articles, and where it is. */
export async function getKbSettings(user: SessionUser): Promise<KbSettings> {
  return toSettings(
    await db.organization.findUniqueOrThrow({ where: { id: user.organizationId }, select: SETTINGS_SELECT }),
  );
}

/**
 * Turns the help center or the receipts' suggestions on or off. Putting a help center online or
 * taking it down is recorded in the activity log with who did it.
 */
export async function updateKbSettings(user: SessionUser, input: KbSettingsUpdate): Promise<KbSettings> {
  return db.$transaction(async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({
      where: { id: user.organizationId },
      select: SETTINGS_SELECT,
    });
    const after = await tx.organization.update({
      where: { id: user.organizationId },
      data: {
        ...(input.helpCenterEnabled !== undefined && { helpCenterEnabled: input.helpCenterEnabled }),
        ...(input.receiptSuggestsArticles !== undefined && { receiptSuggestsArticles: input.receiptSuggestsArticles }),
      },
      select: SETTINGS_SELECT,
    });
    const changed = (["helpCenterEnabled", "receiptSuggestsArticles"] as const).filter((k) => before[k] !== after[k]);
    if (changed.length > 0)
      await recordEvent(tx, {
        organizationId: user.organizationId,
        actorId: user.id,
        actorLabel: user.fullName,
        action: "kb.settings_changed",
        targetType: "organization",
        targetId: user.organizationId,
        metadata: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    return toSettings(after);
  });
}
