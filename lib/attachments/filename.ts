/** The longest filename kept; longer names are cut before the extension. */
export const MAX_FILENAME_LENGTH = 200;

/**
 * A sender's filename made safe to store and show: no folders (either slash), no control,
 * bidirectional-override or zero-width characters (which can disguise "exe.pdf" as "fdp.exe"),
 * none of the characters Windows forbids, no leading dots (hidden files) and never empty.
 */
export function sanitizeFilename(raw: string): string {
  const base = raw.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  const name = cleaned || "attachment";
  const chars = [...name];
  if (chars.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
  return chars.slice(0, MAX_FILENAME_LENGTH - [...ext].length).join("") + ext;
}
