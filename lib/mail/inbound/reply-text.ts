/**
 * What the customer wrote in a reply, without the conversation their mail client quoted below
 * it or their signature: Gmail ("On <date>, <name> wrote:"), Outlook (a "From: / Sent:" block or
 * "-----Original Message-----"), Apple Mail ("On <date>, at <time>, <name> wrote:" and "> "
 * lines), "-- " signatures and "Sent from my ..." lines. When nothing would be left (a reply
 * typed inside the quote), the whole text is kept: a reply is never lost.
 */
const QUOTE_HEADERS = [
  /^On\b.{0,300}\bwrote:\s*$/i, // Gmail, Apple Mail, Thunderbird
  /^Am\b.{0,300}\bschrieb\b.{0,200}:\s*$/i,
  /^Le\b.{0,300}\ba écrit\s*:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook (older)
];
const SIGNATURE = [/^-- ?$/, /^Sent from my \w[\w ]{0,40}$/i, /^Get Outlook for \w+$/i, /^Sent from Outlook\b/i];
const OUTLOOK_FIELDS = /^\*?(Sent|Date|To|Subject|Cc)\*?\s*:/i;

function quoteStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const withNext = `${line} ${lines[i + 1]?.trim() ?? ""}`; // a long "On ... wrote:" wraps once
    if (QUOTE_HEADERS.some((re) => re.test(line) || re.test(withNext))) return i;
    // Outlook draws a rule (a line of dashes or underscores) above its From: block.
    const next =
      lines
        .slice(i + 1)
        .find((l) => l.trim() !== "")
        ?.trim() ?? "";
    if (/^[-_]{10,}$/.test(line) && /^\*?From\*?\s*:/i.test(next)) return i;
    // Outlook: "From: <name>" followed by its Sent/To/Subject lines.
    if (/^\*?From\*?\s*:/i.test(line) && lines.slice(i + 1, i + 4).some((next) => OUTLOOK_FIELDS.test(next.trim())))
      return i;
    // A block of "> " lines running to the end is the quoted conversation.
    if (line.startsWith(">") && lines.slice(i).every((rest) => rest.trim() === "" || rest.trim().startsWith(">")))
      return i;
  }
  return lines.length;
}

function signatureStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) if (SIGNATURE.some((re) => re.test(lines[i]!.trimEnd()))) return i;
  return lines.length;
}

export function visibleReplyText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const withoutQuote = lines.slice(0, quoteStart(lines));
  const visible = withoutQuote.slice(0, signatureStart(withoutQuote)).join("\n").trim();
  return visible || text.trim();
}
