/**
 * What agents read of a bounce: our own words and the report's status code, never the remote
 * server's text (anyone can write a delivery report, and its words could pass for an instruction).
 */
export function bounceSentence(email: string, code: string | null): string {
  return `Mail to ${email} bounced${code ? ` (${code})` : ""}.`;
}
