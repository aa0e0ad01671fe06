import "server-only";
import { isAppError } from "@/lib/errors";
import { acceptInboundMessage } from "@/lib/services/mail/inbound/accept";
import { inboundConfig } from "@/lib/mail/inbound/config";
import { resolveMailHost } from "@/lib/mail/inbound/imap-host";
import {
  describeImapError,
  pollImapFolder,
  type ImapPollOptions,
  type ImapSecurity,
} from "@/lib/mail/inbound/imap-poll";
import { db } from "@/lib/server/db";
import { unseal } from "@/lib/server/secret-box";
import { passwordContext } from "@/lib/services/mail/imap-mailboxes";

/** A poll holds its mailbox this long at most (the poll itself gives up after 5 minutes). */
const LEASE_MS = 10 * 60_000;
/** How far back the first poll (and one after the server renumbered the folder) reads. */
export const IMAP_LOOKBACK_MS = 24 * 60 * 60_000;

/** After n failed polls in a row the next one waits 2^(n-1) minutes, at most an hour: a wrong password is not hammered. */
export function retryDelayMs(failures: number): number {
  return Math.min(60, 2 ** Math.max(0, failures - 1)) * 60_000;
}

/** Our side failed to take a message in (not the mail server's fault). */
class StoreFailed extends Error {
  constructor(readonly cause: unknown) {
    super("Storing a fetched message failed");
  }
}

export type ImapDelivery = (message: { raw: Buffer; recipient: string; organizationId: string }) => Promise<void>;
export type ImapPollOutcome =
  | { status: "busy" | "skipped" }
  | { status: "polled"; delivered: number; skipped: number; more: boolean }
  | { status: "failed"; error: string };

/** Hands a fetched message to the one inbound entrance: stored once per organisation, then read as a ticket or reply. */
export const deliverToInbox: ImapDelivery = async ({ raw, recipient }) => {
  await acceptInboundMessage({ raw, source: "imap", recipients: [recipient] });
};

/**
 * One poll of one mailbox, run by the `imap.poll` job. The mailbox is leased first, so two
 * workers never read it at once even if two jobs exist. A failure is recorded on the mailbox
 * (Settings shows it) and the next poll is pushed back; the job itself succeeds, so the queue
 * does not retry it in a hot loop.
 */
export async function pollImapMailbox(
  mailboxId: string,
  deliver: ImapDelivery,
  options: Partial<ImapPollOptions> & { now?: Date } = {},
): Promise<ImapPollOutcome> {
  const now = options.now ?? new Date();
  const leased = await db.imapMailbox.updateManyAndReturn({
    where: { id: mailboxId, OR: [{ pollingUntil: null }, { pollingUntil: { lt: now } }] },
    data: { pollingUntil: new Date(now.getTime() + LEASE_MS) },
    select: {
      id: true,
      organizationId: true,
      supportEmailId: true,
      host: true,
      port: true,
      security: true,
      username: true,
      passwordSealed: true,
      folder: true,
      uidValidity: true,
      lastUid: true,
      lastPolledAt: true,
      failures: true,
      supportEmail: { select: { email: true, isActive: true, verifiedAt: true } },
    },
  });
  const mailbox = leased[0];
  if (!mailbox) return { status: "busy" };
  const release = (data: Parameters<typeof db.imapMailbox.update>[0]["data"]) =>
    db.imapMailbox.update({ where: { id: mailbox.id }, data: { ...data, pollingUntil: null } });

  if (!mailbox.supportEmail.isActive || !mailbox.supportEmail.verifiedAt) {
    await release({});
    return { status: "skipped" };
  }
  const since = new Date((mailbox.lastPolledAt ?? now).getTime() - IMAP_LOOKBACK_MS);
  const connection = {
    host: mailbox.host,
    port: mailbox.port,
    security: mailbox.security as ImapSecurity,
    username: mailbox.username,
    folder: mailbox.folder,
  };
  try {
    const address = await resolveMailHost(mailbox.host);
    const password = unseal(mailbox.passwordSealed, passwordContext(mailbox.supportEmailId));
    const result = await pollImapFolder(
      { ...connection, address, password },
      { uidValidity: mailbox.uidValidity, lastUid: mailbox.lastUid },
      (raw) =>
        deliver({ raw, recipient: mailbox.supportEmail.email, organizationId: mailbox.organizationId }).catch(
          (cause: unknown) => {
            throw new StoreFailed(cause);
          },
        ),
      (cursor) => db.imapMailbox.update({ where: { id: mailbox.id }, data: cursor }).then(() => undefined),
      { maxMessageBytes: inboundConfig.maxMessageBytes, ...options, since },
    );
    await release({ lastPolledAt: now, lastError: null, failures: 0, nextPollAt: now });
    return { status: "polled", delivered: result.delivered, skipped: result.skipped, more: result.more };
  } catch (error) {
    if (error instanceof StoreFailed)
      console.error(`IMAP mailbox ${mailbox.id}: storing a fetched message failed`, error.cause);
    const message = isAppError(error)
      ? error.message
      : error instanceof StoreFailed
        ? "A fetched message could not be stored; it is read again at the next poll"
        : describeImapError(error, connection);
    const failures = mailbox.failures + 1;
    await release({
      lastPolledAt: now,
      lastError: message,
      failures,
      nextPollAt: new Date(now.getTime() + retryDelayMs(failures)),
    });
    return { status: "failed", error: message };
  }
}
