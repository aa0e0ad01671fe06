import "server-only";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { normalizeAddress } from "./addresses";
import { cleanMessageId, messageIdList } from "./raw-headers";
import { storable } from "./storable";

/** What ingestion reads of a message, in plain values. */
export type InboundMail = {
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  fromAddress: string | null;
  fromName: string | null;
  /** The Cc header's addresses, normalised (people the customer copied in). */
  ccAddresses: string[];
  subject: string;
  /** Plain text; an HTML-only mail's HTML as text (scripts, styles and tags dropped). */
  text: string;
  contentType: string;
  reportType: string | null;
  header: (name: string) => string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /**
   * From a delivery status notification of a failure (not a delay): the address it names and the
   * status code (`550`, else `5.1.1`). Only the code is kept: the remote server's words are
   * anyone's to write.
   */
  failedRecipient: { address: string; code: string | null } | null;
  /** From a delivery status notification: the Message-IDs of the mail it returns (its headers). */
  reportedMessageIds: string[];
};

/** One line for a subject or a name: control characters (line breaks included) become spaces, a lone surrogate U+FFFD. */
const oneLine = (text: string) =>
  text
    .toWellFormed()
    .replace(/[\p{Cc}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
/** Text keeps its line breaks and tabs; other control characters (PostgreSQL refuses NUL) go, a lone surrogate is U+FFFD. */
const cleanText = (text: string) =>
  text
    .toWellFormed()
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n\t]/gu, "");

function headerText(parsed: ParsedMail, name: string): string | null {
  const line = parsed.headerLines.find((h) => h.key === name);
  if (!line) return null;
  const colon = line.line.indexOf(":");
  return storable(line.line)
    .slice(colon + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

function firstAddress(value: AddressObject | AddressObject[] | undefined) {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  for (const group of list) for (const entry of group.value) if (entry.address) return entry;
  return null;
}

function allAddresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const entries = list.flatMap((group) => group.value.flatMap((entry) => (entry.group ? entry.group : [entry])));
  const addresses = entries.map((entry) => (entry.address ? normalizeAddress(storable(entry.address)) : ""));
  // At most 50 read: a Cc line of thousands names no one a help desk should write to.
  return [...new Set(addresses.filter((a) => a.includes("@") && a.length <= 254))].slice(0, 50);
}

function deliveryFailure(parsed: ParsedMail): InboundMail["failedRecipient"] {
  const report = parsed.attachments.find((a) => a.contentType === "message/delivery-status");
  const text = report ? report.content.toString("utf8") : (parsed.text ?? "");
  const recipient = /Final-Recipient:\s*rfc822;\s*<?([^\s>]+@[^\s>]+)>?/i.exec(text)?.[1];
  if (!recipient || !/^Action:\s*failed\b/im.test(text)) return null;
  const reply = /Diagnostic-Code:\s*smtp\s*;\s*([245]\d\d)\b/i.exec(text)?.[1];
  const status = /^Status:\s*([245]\.\d{1,3}\.\d{1,3})\b/im.exec(text)?.[1];
  return { address: normalizeAddress(storable(recipient)), code: reply ?? status ?? null };
}

/** The Message-IDs in a report's returned message or headers: the mail of ours it answers. */
function returnedMessageIds(parsed: ParsedMail): string[] {
  const returned = parsed.attachments.filter((a) => /^(message|text)\/(rfc822|rfc822-headers)$/.test(a.contentType));
  // Printable ASCII only, as a Message-ID is: nothing else could name one of ours.
  const ids = returned.map((a) => /^Message-ID:\s*(<[!-;=?-~]+>)/im.exec(a.content.toString("latin1"))?.[1]);
  return ids.map((id) => cleanMessageId(id)).filter((id): id is string => !!id);
}

export async function parseInboundMail(raw: Buffer): Promise<InboundMail> {
  const parsed = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: 2_000_000,
  });
  const contentType = parsed.headers.get("content-type") as
    { value?: string; params?: Record<string, string> } | undefined;
  const from = firstAddress(parsed.from);
  const isReport = contentType?.value === "multipart/report";
  return {
    messageId: cleanMessageId(parsed.messageId),
    inReplyTo: messageIdList(parsed.inReplyTo),
    references: messageIdList(parsed.references),
    fromAddress: from?.address ? normalizeAddress(storable(from.address)) || null : null,
    fromName: oneLine(from?.name ?? "") || null,
    ccAddresses: allAddresses(parsed.cc),
    subject: oneLine(parsed.subject ?? ""),
    text: cleanText(parsed.text ?? ""),
    contentType: storable(contentType?.value ?? "text/plain"),
    reportType: storable(contentType?.params?.["report-type"] ?? "") || null,
    header: (name) => headerText(parsed, name.toLowerCase()),
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition === "attachment" || a.filename)
      .filter((a) => !isReport || !/^(message|text)\/(delivery-status|rfc822|rfc822-headers)$/.test(a.contentType))
      .map((a) => ({
        filename: oneLine(a.filename ?? "") || "attachment",
        contentType: storable(a.contentType),
        content: a.content,
      })),
    failedRecipient: isReport ? deliveryFailure(parsed) : null,
    reportedMessageIds: isReport ? returnedMessageIds(parsed) : [],
  };
}
