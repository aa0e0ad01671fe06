import "server-only";
import { ImapFlow } from "imapflow";

export type ImapSecurity = "tls" | "starttls" | "none";

export type ImapConnection = {
  /** The name the admin entered: TLS checks the certificate against it. */
  host: string;
  /** Where to connect: the address the name resolved to when it was checked (see imap-host.ts). */
  address: string;
  port: number;
  security: ImapSecurity;
  username: string;
  password: string;
  folder: string;
};

/** Where the previous poll stopped. */
export type ImapCursor = { uidValidity: bigint | null; lastUid: bigint };

export type ImapPollOptions = {
  /** Mail that arrived before this is not read when the cursor cannot be trusted (first poll, renumbered folder). */
  since: Date;
  /** Messages read per poll; the rest wait for the next tick. */
  batch?: number;
  /** A message larger than this is skipped (the inbound size limit). */
  maxMessageBytes?: number;
  connectTimeoutMs?: number;
  /** No answer from the server for this long ends the poll. */
  socketTimeoutMs?: number;
  /** The whole poll, however busy the server looks. */
  pollTimeoutMs?: number;
};

export type ImapPollResult = ImapCursor & { delivered: number; skipped: number; more: boolean };

export const IMAP_DEFAULTS = {
  batch: 100,
  maxMessageBytes: 40 * 1024 * 1024,
  connectTimeoutMs: 15_000,
  socketTimeoutMs: 60_000,
  pollTimeoutMs: 5 * 60_000,
};

/**
 * Reads new mail from one folder and hands each raw message to `deliver`, oldest first. The
 * folder is opened read-only (EXAMINE), so nothing on the server changes: not even \Seen, and
 * people who also read the mailbox see it as it was. What is new is decided by UID alone:
 * `save` is told the cursor after every delivered message, so a poll cut off halfway
 * continues where it stopped. When UIDVALIDITY changed (the server renumbered the folder), or on
 * the very first poll, the old UIDs mean nothing: only mail that arrived since `since` is read
 * again (the inbound store drops what it already has), never the whole folder.
 */
export async function pollImapFolder(
  connection: ImapConnection,
  cursor: ImapCursor,
  deliver: (raw: Buffer, uid: bigint) => Promise<void>,
  save: (cursor: ImapCursor) => Promise<void>,
  options: ImapPollOptions,
): Promise<ImapPollResult> {
  const o = { ...IMAP_DEFAULTS, ...options };
  const client = new ImapFlow({
    host: connection.address,
    servername: connection.host,
    port: connection.port,
    secure: connection.security === "tls",
    doSTARTTLS: connection.security === "starttls" ? true : connection.security === "none" ? false : undefined,
    tls: { servername: connection.host },
    auth: { user: connection.username, pass: connection.password },
    logger: false,
    disableAutoIdle: true,
    disableCompression: true,
    connectionTimeout: o.connectTimeoutMs,
    greetingTimeout: o.connectTimeoutMs,
    socketTimeout: o.socketTimeoutMs,
    maxLiteralSize: o.maxMessageBytes,
    maxResponseSize: o.maxMessageBytes + 1024 * 1024,
  });
  // A dropped connection is reported through the command that was waiting; the event must not crash the worker.
  client.on("error", () => {});
  const deadline = setTimeout(() => client.close(), o.pollTimeoutMs);
  try {
    await client.connect();
    const lock = await client.getMailboxLock(connection.folder, { readOnly: true });
    try {
      const folder = client.mailbox;
      if (!folder) throw new Error(`The folder ${connection.folder} could not be opened`);
      const uidValidity = BigInt(folder.uidValidity);
      const trusted = cursor.uidValidity === uidValidity;
      let lastUid = cursor.lastUid;
      if (!trusted) {
        // Start just below the oldest recent message (or at the end when there is none) and save
        // that at once: a poll cut off now continues from here, not from UID 1.
        const recent = (await client.search({ since: o.since }, { uid: true })) || [];
        lastUid = recent.length > 0 ? BigInt(Math.min(...recent)) - 1n : BigInt(Math.max(0, (folder.uidNext ?? 1) - 1));
        await save({ uidValidity, lastUid });
      }
      if (folder.uidNext !== undefined && BigInt(folder.uidNext) <= lastUid + 1n)
        return { uidValidity, lastUid, delivered: 0, skipped: 0, more: false };

      const found = await client.search({ uid: `${lastUid + 1n}:*` }, { uid: true });
      // "n:*" also answers the highest UID when it is below n: keep only what is really new.
      const fresh = (found || [])
        .map((uid) => BigInt(uid))
        .filter((uid) => uid > lastUid)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const batch = fresh.slice(0, o.batch);
      let delivered = 0;
      let skipped = 0;
      if (batch.length > 0) {
        const sizes = new Map<bigint, number>();
        for (const message of await client.fetchAll(batch.join(","), { uid: true, size: true }, { uid: true }))
          sizes.set(BigInt(message.uid), message.size ?? 0);
        for (const uid of batch) {
          const size = sizes.get(uid);
          // Gone since the search (moved or expunged by someone else) or too large to take in.
          if (size === undefined || size > o.maxMessageBytes) skipped++;
          else {
            const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
            if (message && message.source) {
              await deliver(message.source, uid);
              delivered++;
            } else skipped++;
          }
          lastUid = uid;
          await save({ uidValidity, lastUid });
        }
      }
      return { uidValidity, lastUid, delivered, skipped, more: fresh.length > batch.length };
    } finally {
      lock.release();
    }
  } finally {
    clearTimeout(deadline);
    await client.logout().catch(() => client.close());
  }
}

type ImapError = Error & {
  authenticationFailed?: boolean;
  code?: string;
  responseText?: string;
  serverResponseCode?: string;
};

/** What the admin reads in Settings when a poll failed: the cause in plain words, never a stack. */
export function describeImapError(error: unknown, connection: Pick<ImapConnection, "host" | "port" | "folder">) {
  const e = (error ?? {}) as ImapError;
  const where = `${connection.host}:${connection.port}`;
  if (e.authenticationFailed) return "The mail server refused the username or password";
  if (e.code === "CONNECT_TIMEOUT" || e.code === "ETIMEDOUT" || e.code === "GREETING_TIMEOUT")
    return `No answer from ${where} in time`;
  if (e.code === "ECONNREFUSED") return `${where} refused the connection`;
  if (e.code === "ECONNRESET" || e.code === "EPIPE" || e.code === "NoConnection")
    return `The connection to ${where} was lost`;
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return `The mail server ${connection.host} could not be found`;
  if (e.serverResponseCode === "NONEXISTENT" || /select|examine|mailbox/i.test(e.responseText ?? ""))
    return `The folder ${connection.folder} could not be opened`;
  if (/certificate|self[- ]signed|TLS|SSL/i.test(e.message ?? "")) return `A secure connection to ${where} failed`;
  return `Reading mail from ${where} failed: ${(e.responseText || e.message || "unknown error").slice(0, 200)}`;
}
