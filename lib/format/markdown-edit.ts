/**
 * The reply box's formatting buttons and shortcuts, as edits of the Markdown text: each takes
 * the text and the selection and gives the new text and what to select next, so the agent can
 * keep typing (the words just made bold, or the link's address to fill in).
 */
export type TextEdit = { value: string; start: number; end: number };

export type FormatAction = "bold" | "italic" | "link" | "list" | "code" | "quote";

/** Around the selection: `**` for bold, `_` for italic; again on the same words takes it off. */
function wrap({ value, start, end }: TextEdit, mark: string, placeholder: string): TextEdit {
  const before = value.slice(0, start);
  const after = value.slice(end);
  if (before.endsWith(mark) && after.startsWith(mark)) {
    return {
      value: before.slice(0, -mark.length) + value.slice(start, end) + after.slice(mark.length),
      start: start - mark.length,
      end: end - mark.length,
    };
  }
  const words = value.slice(start, end) || placeholder;
  return {
    value: before + mark + words + mark + after,
    start: start + mark.length,
    end: start + mark.length + words.length,
  };
}

/** Inline code, or a fenced block when the selection spans lines. */
function code(edit: TextEdit): TextEdit {
  const selected = edit.value.slice(edit.start, edit.end);
  if (!selected.includes("\n")) return wrap(edit, "`", "code");
  const before = edit.value.slice(0, edit.start);
  const open = `${before === "" || before.endsWith("\n") ? "" : "\n"}\`\`\`\n`;
  const block = `${open}${selected.replace(/\n$/, "")}\n\`\`\`\n`;
  return {
    value: before + block + edit.value.slice(edit.end),
    start: edit.start + open.length,
    end: edit.start + open.length + selected.replace(/\n$/, "").length,
  };
}

/** A link: selected words become its text (the address is selected to type), a selected address its target. */
function link({ value, start, end }: TextEdit): TextEdit {
  const selected = value.slice(start, end);
  const before = value.slice(0, start);
  const after = value.slice(end);
  if (/^(https?:\/\/|mailto:)\S+$/i.test(selected)) {
    const text = "link text";
    return { value: `${before}[${text}](${selected})${after}`, start: start + 1, end: start + 1 + text.length };
  }
  const text = selected || "link text";
  const url = "https://";
  const urlAt = start + text.length + 3;
  return { value: `${before}[${text}](${url})${after}`, start: urlAt, end: urlAt + url.length };
}

/** Every line the selection touches gets the prefix ("- " for a list, "> " for a quote); if all have it, none does. */
function prefixLines({ value, start, end }: TextEdit, prefix: string): TextEdit {
  const from = start === 0 ? 0 : value.lastIndexOf("\n", start - 1) + 1;
  const endOfLine = value.indexOf("\n", end);
  const to = endOfLine === -1 ? value.length : endOfLine;
  const lines = value.slice(from, to).split("\n");
  const remove = lines.every((line) => line.startsWith(prefix));
  const changed = lines.map((line) => (remove ? line.slice(prefix.length) : prefix + line)).join("\n");
  const next = value.slice(0, from) + changed + value.slice(to);
  // A cursor stays where it was in its line's text; a selection covers the lines it changed.
  if (start === end) {
    const at = Math.max(from, start + (remove ? -prefix.length : prefix.length));
    return { value: next, start: at, end: at };
  }
  return { value: next, start: from, end: from + changed.length };
}

export function applyFormat(action: FormatAction, edit: TextEdit): TextEdit {
  switch (action) {
    case "bold":
      return wrap(edit, "**", "bold text");
    case "italic":
      return wrap(edit, "_", "italic text");
    case "code":
      return code(edit);
    case "link":
      return link(edit);
    case "list":
      return prefixLines(edit, "- ");
    case "quote":
      return prefixLines(edit, "> ");
  }
}

/**
 * The shortcuts inside the reply box. Ctrl/Cmd+B and I as in every editor (in the box they
 * win over the sidebar's Ctrl+B); the link takes Ctrl/Cmd+Shift+L, because Ctrl/Cmd+K opens
 * the command palette everywhere, the reply box included.
 */
export function formatForKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): FormatAction | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (!event.shiftKey && key === "b") return "bold";
  if (!event.shiftKey && key === "i") return "italic";
  if (event.shiftKey && key === "l") return "link";
  return null;
}
