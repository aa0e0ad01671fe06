import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { Organization } from "@/lib/schemas/organizations";
import { db } from "@/lib/server/db";
import { forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { recordEvent } from "@/lib/services/audit";
import { getOrganization } from "@/lib/services/organizations/organizations";

/**
 * An admin sets the signature that closes every reply and status mail of their own
 * organisation (another organisation's id is a 404, for a platform admin too: a signature
 * speaks for the team that writes it). Mail queued from then on carries the new text; an
 * unchanged signature writes nothing and records nothing.
 */
export async function setMailSignature(user: SessionUser, id: string, signature: string): Promise<Organization> {
  if (!can(user, "organization.signature")) throw forbidden();
  if (id !== user.organizationId) throw notFound("Organization not found");
  await db.$transaction(async (tx) => {
    const { count } = await tx.organization.updateMany({
      where: { id, mailSignature: { not: signature } },
      data: { mailSignature: signature },
    });
    if (count === 0) return;
    await recordEvent(tx, {
      organizationId: id,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "organization.signature_changed",
      targetType: "organization",
      targetId: id,
    });
  });
  return getOrganization(user, id);
}
