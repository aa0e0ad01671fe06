import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { badRequest, notFound } from "@/lib/errors";
import { enqueue } from "@/lib/jobs";
import { resolveMailHost } from "@/lib/mail/inbound/imap-host";
import { PASSWORD_NEEDED, type ImapMailboxStatus, type ImapSettingsInput } from "@/lib/schemas/imap-mailboxes";
import { db } from "@/lib/server/db";
import { seal } from "@/lib/server/secret-box";
import { recordEvent } from "@/lib/services/audit";
import { IMAP_STATUS_SELECT } from "@/lib/services/mail/imap-mailbox-status";
import { hit, LIMITS } from "@/lib/services/rate-limit";

export const IMAP_POLL_JOB = "imap.poll";
export const IMAP_TICK_JOB = "imap.tick";

/** The associated data a mailbox password is sealed with: it opens only on its own address's row. */
export const passwordContext = (supportEmailId: string) => `imap-password:${supportEmailId}`;

async function ownAddress(user: SessionUser, supportEmailId: string) {
  const address = await db.supportEmail.findFirst({
    where: { id: supportEmailId, organizationId: user.organizationId },
    select: { id: true, email: true },
  });
  if (!address) throw notFound("Support email not found");
  return address;
}

/** The mailbox settings of one of the caller's addresses, or null when it has none. */
export async function getImapSettings(user: SessionUser, supportEmailId: string): Promise<ImapMailboxStatus | null> {
  await ownAddress(user, supportEmailId);
  return db.imapMailbox.findFirst({
    where: { supportEmailId, organizationId: user.organizationId },
    select: IMAP_STATUS_SELECT,
  });
}

/**
 * Saves where an address's mail is read from. The password is sealed before it is stored and an
 * empty one keeps the stored password. The host must not be on a private network (see
 * imap-host.ts). Pointing at another server, account or folder starts reading it afresh; any
 * change clears the last error and polls at the next tick.
 */
export async function saveImapSettings(
  user: SessionUser,
  supportEmailId: string,
  input: ImapSettingsInput,
): Promise<ImapMailboxStatus> {
  const address = await ownAddress(user, supportEmailId);
  await hit(`imap-settings:user:${user.id}`, LIMITS.imapSettingsPerUser);
  await resolveMailHost(input.host);
  const password = input.password ? seal(input.password, passwordContext(address.id)) : undefined;
  return db.$transaction(async (tx) => {
    const before = await tx.imapMailbox.findUnique({
      where: { supportEmailId: address.id },
      select: { host: true, port: true, username: true, folder: true },
    });
    if (!before && !password) throw badRequest(PASSWORD_NEEDED);
    const elsewhere =
      !before ||
      before.host !== input.host ||
      before.port !== input.port ||
      before.username !== input.username ||
      before.folder !== input.folder;
    const fields = {
      host: input.host,
      port: input.port,
      security: input.security,
      username: input.username,
      folder: input.folder,
      lastError: null,
      failures: 0,
      nextPollAt: new Date(),
      ...(elsewhere ? { uidValidity: null, lastUid: 0n } : {}),
    };
    const saved = before
      ? await tx.imapMailbox.update({
          where: { supportEmailId: address.id },
          data: { ...fields, ...(password ? { passwordSealed: password } : {}) },
          select: IMAP_STATUS_SELECT,
        })
      : await tx.imapMailbox.create({
          data: {
            ...fields,
            organizationId: user.organizationId,
            supportEmailId: address.id,
            passwordSealed: password!,
          },
          select: IMAP_STATUS_SELECT,
        });
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "support_email.mailbox_saved",
      targetType: "support_email",
      targetId: address.id,
      metadata: { email: address.email, host: input.host },
    });
    return saved;
  });
}

/** Stops polling an address's mailbox and forgets its password. */
export async function removeImapSettings(user: SessionUser, supportEmailId: string): Promise<void> {
  const address = await ownAddress(user, supportEmailId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.imapMailbox.deleteMany({
      where: { supportEmailId: address.id, organizationId: user.organizationId },
    });
    if (count === 0) throw notFound("This address has no mailbox settings");
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "support_email.mailbox_removed",
      targetType: "support_email",
      targetId: address.id,
      metadata: { email: address.email },
    });
  });
}

/**
 * The per-minute tick: one poll job per mailbox that is due, of an active and confirmed address.
 * The job key makes a second tick replace a job still waiting instead of queueing another.
 */
export async function enqueueDueImapPolls(now = new Date()): Promise<number> {
  const due = await db.imapMailbox.findMany({
    where: {
      nextPollAt: { lte: now },
      OR: [{ pollingUntil: null }, { pollingUntil: { lt: now } }],
      supportEmail: { isActive: true, verifiedAt: { not: null } },
    },
    select: { id: true },
    orderBy: { nextPollAt: "asc" },
    take: 1000,
  });
  for (const { id } of due)
    await enqueue(db, IMAP_POLL_JOB, { mailboxId: id }, { key: `imap.poll:${id}`, maxAttempts: 3 });
  return due.length;
}
