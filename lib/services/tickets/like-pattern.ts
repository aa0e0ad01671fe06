/** `text` with LIKE's wildcards and escape character escaped: a search for "%" or "_" means the character. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
