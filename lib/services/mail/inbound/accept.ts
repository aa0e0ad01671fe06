import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/server/db";
import { uuidv7 } from "@/lib/server/ids";
import { notFound, payloadTooLarge } from "@/lib/errors";
import { enqueue } from "@/lib/jobs";
import { normalizeAddress, splitReplyAddress } from "@/lib/mail/inbound/addresses";
import { inboundConfig } from "@/lib/mail/inbound/config";
import { cleanMessageId, rawHeader } from "@/lib/mail/inbound/raw-headers";
import { returnPathOrganization } from "@/lib/services/mail/inbound/bounces";

/** The job that turns one stored message into a ticket or a reply (ingest.ts). */
export const INBOUND_JOB = "mail.inbound";
export type InboundJob = { inboundMessageId: string };

export type InboundSource = "smtp" | "webhook" | "imap";

export type InboundInput = {
  raw: Buffer;
  source: InboundSource;
  /** Envelope recipients (RCPT TO), or for the webhook and IMAP the addresses the provider names. */
  recipients: string[];
  envelopeFrom?: string | null;
  remoteAddress?: string | null;
  heloName?: string | null;
};

export type AcceptResult = { stored: number; duplicates: number };

/** Where received mail goes: a support address (id), or for a report to our return path none. */
type Mailbox = { id: string | null; organizationId: string; email: string };

/**
 * The support addresses that may receive mail: active, and proved by their organisation
 * (verifiedAt set). A reply address `support+token@domain` counts as its support address; the
 * token itself is checked when the message is read, so a bad one still opens a ticket. Our mail's
 * return path (`no-reply+b-<token>@domain`) counts for the organisation whose mail its signed
 * token names, so a delivery report reaches it; a token we did not sign is refused.
 */
async function resolveMailboxes(addresses: string[]): Promise<Map<string, Mailbox>> {
  const bases = new Map<string, string>();
  for (const address of addresses) bases.set(normalizeAddress(address), splitReplyAddress(address).base);
  const wanted = [...new Set([...bases.keys(), ...bases.values()])].filter((a) => a.includes("@"));
  if (wanted.length === 0) return new Map();
  const rows = await db.supportEmail.findMany({
    where: { email: { in: wanted }, isActive: true, verifiedAt: { not: null } },
    select: { id: true, organizationId: true, email: true },
  });
  const byEmail = new Map<string, Mailbox>(rows.map((row) => [row.email, row]));
  const resolved = new Map<string, Mailbox>();
  for (const [address, base] of bases) {
    // A delivery report to our mail's return path goes to the organisation whose mail it answers.
    const bounceFor = await returnPathOrganization(address);
    const mailbox = bounceFor
      ? { id: null, organizationId: bounceFor, email: address }
      : (byEmail.get(address) ?? byEmail.get(base));
    if (mailbox) resolved.set(address, mailbox);
  }
  return resolved;
}

/** Whether mail to this address is read by some organisation (the SMTP receiver asks at RCPT). */
export async function isDeliverableAddress(address: string): Promise<boolean> {
  return (await resolveMailboxes([address])).size > 0;
}

/** The addresses among these that mail is accepted for (the others are refused with 550). */
export async function recipientsAccepted(addresses: string[]): Promise<string[]> {
  const resolved = await resolveMailboxes(addresses);
  return addresses.filter((address) => resolved.has(normalizeAddress(address)));
}

/** Message-ID when the mail has one, else a hash of its bytes: the same mail delivered twice is stored once. */
export function dedupKeyOf(raw: Buffer): { dedupKey: string; messageIdHeader: string | null } {
  const messageIdHeader = cleanMessageId(rawHeader(raw, "message-id"));
  if (messageIdHeader) return { dedupKey: `mid:${messageIdHeader}`, messageIdHeader };
  return { dedupKey: `sha256:${createHash("sha256").update(raw).digest("hex")}`, messageIdHeader: null };
}

/**
 * The one entrance for received mail (SMTP receiver, provider webhook, IMAP polling). For each
 * organisation addressed it stores the raw message once and queues its ingestion in the same
 * transaction, so a message the caller was told is stored is always read, exactly once.
 * Refuses (AppError not_found) mail for no known address and (payload_too_large) oversize mail.
 */
export async function acceptInboundMessage(input: InboundInput): Promise<AcceptResult> {
  if (input.raw.length > inboundConfig.maxMessageBytes) throw payloadTooLarge("Message is too large");
  const resolved = await resolveMailboxes(input.recipients);
  if (resolved.size === 0) throw notFound("No such mailbox");

  const perOrganization = new Map<string, Mailbox>();
  for (const mailbox of resolved.values())
    if (!perOrganization.has(mailbox.organizationId)) perOrganization.set(mailbox.organizationId, mailbox);

  const { dedupKey, messageIdHeader } = dedupKeyOf(input.raw);
  const envelope = {
    from: input.envelopeFrom ?? null,
    recipients: input.recipients.map(normalizeAddress),
    remoteAddress: input.remoteAddress ?? null,
    heloName: input.heloName ?? null,
  };

  return db.$transaction(async (tx) => {
    let stored = 0;
    for (const mailbox of perOrganization.values()) {
      const id = uuidv7();
      const inserted = await tx.inboundMessage.createMany({
        data: [
          {
            id,
            organizationId: mailbox.organizationId,
            dedupKey,
            messageIdHeader,
            supportEmailId: mailbox.id,
            raw: new Uint8Array(input.raw),
            size: input.raw.length,
            source: input.source,
            envelope,
          },
        ],
        skipDuplicates: true,
      });
      if (inserted.count === 0) continue;
      stored += 1;
      await enqueue(tx, INBOUND_JOB, { inboundMessageId: id } satisfies InboundJob, { maxAttempts: 10 });
    }
    return { stored, duplicates: perOrganization.size - stored };
  });
}
