import "server-only";
import { db } from "@/lib/server/db";
import type { SessionUser } from "@/lib/schemas/session-user";
import { recordEvent } from "@/lib/services/audit";

/** Marks the caller's organisation as onboarded (finishing or skipping the wizard). */
export async function finishOnboarding(user: SessionUser, how: "completed" | "skipped") {
  await db.$transaction(async (tx) => {
    await tx.organization.update({ where: { id: user.organizationId }, data: { onboardingCompleted: true } });
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: `onboarding.${how}`,
      targetType: "organization",
      targetId: user.organizationId,
    });
  });
}

export async function isOnboardingCompleted(organizationId: string): Promise<boolean> {
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { onboardingCompleted: true },
  });
  return org?.onboardingCompleted ?? false;
}
