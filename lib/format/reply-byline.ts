/**
 * The line above a reply: who answered, as "Support · Sam Agent". When the name says no more
 * than the kind (an agent whose account is gone is signed "Support"), the kind alone.
 */
export function replyByline(kind: string, name: string): string {
  return name === kind ? kind : `${kind} · ${name}`;
}
