/**
 * Mail no person wrote (RFC 3834 and list conventions). We never auto-reply to it and it never
 * reopens a ticket or opens one: it is kept as a note on the ticket it belongs to, if any.
 */
export type Noise = "bounce" | "auto_reply" | "list" | "bulk" | "null_sender" | "own_address";

export type MailTraits = {
  /** Lowercased header name -> raw value(s). */
  header: (name: string) => string | null;
  contentType: string;
  reportType: string | null;
  /** The SMTP envelope sender: "" for the null return path, null when the entrance did not say. */
  envelopeFrom: string | null | undefined;
  fromAddress: string | null;
  ownAddresses: ReadonlySet<string>;
};

export function classifyNoise(m: MailTraits): Noise | null {
  if (m.contentType === "multipart/report" && m.reportType?.toLowerCase() === "delivery-status") return "bounce";
  const autoSubmitted = m.header("auto-submitted");
  if (autoSubmitted && autoSubmitted.trim().toLowerCase().split(/[\s;]/)[0] !== "no") return "auto_reply";
  if (m.header("x-autoreply") !== null || m.header("x-autorespond") !== null) return "auto_reply";
  const precedence = m.header("precedence")?.trim().toLowerCase();
  if (precedence === "list" || m.header("list-id") !== null) return "list";
  if (precedence === "bulk" || precedence === "junk") return "bulk";
  const returnPath = m.header("return-path")?.trim();
  if (m.envelopeFrom === "" || returnPath === "<>") return "null_sender";
  if (m.fromAddress && m.ownAddresses.has(m.fromAddress)) return "own_address";
  return null;
}

export const NOISE_LABELS: Record<Noise, string> = {
  bounce: "a delivery failure report",
  auto_reply: "an automatic reply",
  list: "a mailing-list post",
  bulk: "bulk mail",
  null_sender: "mail without a return address",
  own_address: "mail from one of our own addresses",
};
