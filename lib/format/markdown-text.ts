import type { Token } from "markdown-it";

/** What encloses the text being written: a quote (its "> "), a list, a list item (its marker). */
type Frame =
  | { kind: "quote" }
  | { kind: "list"; ordered: boolean; next: number }
  | { kind: "item"; marker: string; started: boolean };

/** The words of one paragraph: formatting marks dropped, a link's address after its words. */
function inlineText(children: Token[]): string {
  let text = "";
  let link: { href: string; from: number } | null = null;
  for (const token of children) {
    switch (token.type) {
      case "text":
      case "code_inline":
        text += token.content;
        break;
      case "softbreak":
      case "hardbreak":
        text += "\n";
        break;
      case "link_open":
        link = { href: token.attrGet("href") ?? "", from: text.length };
        break;
      case "link_close": {
        // An address that is its own text (pasted or <autolinked>) is not repeated.
        const words = link ? text.slice(link.from) : "";
        if (link && words !== link.href && `mailto:${words}` !== link.href) text += ` (${link.href})`;
        link = null;
        break;
      }
    }
  }
  return text;
}

/**
 * A Markdown reply as the plain-text part of its email, read from the parser's tokens (so
 * it agrees with the HTML part): paragraphs apart, list items with "-" or their number,
 * quotes with "> ", code as typed, and each link's address after its words.
 */
export function markdownAsPlainText(tokens: Token[]): string {
  const lines: string[] = [];
  const frames: Frame[] = [];
  // What enclosed the block written last: a blank line between two blocks keeps the quote
  // marks they share, and items of one tight list follow each other without one.
  let previous: Frame[] = [];

  const prefix = (first: boolean) =>
    frames
      .map((f) =>
        f.kind === "quote"
          ? "> "
          : f.kind === "item"
            ? first && !f.started
              ? f.marker
              : " ".repeat(f.marker.length)
            : "",
      )
      .join("");

  function write(text: string, tight: boolean) {
    const shared = frames.filter((f) => previous.includes(f));
    const sameList = shared.some((f) => f.kind === "list");
    if (lines.length > 0 && !(tight && sameList))
      lines.push(
        shared
          .map((f) => (f.kind === "quote" ? ">" : ""))
          .join(" ")
          .trimEnd(),
      );
    text.split("\n").forEach((line, i) => lines.push((prefix(i === 0) + line).trimEnd()));
    for (const f of frames) if (f.kind === "item") f.started = true;
    previous = [...frames];
  }

  tokens.forEach((token, i) => {
    switch (token.type) {
      case "blockquote_open":
        frames.push({ kind: "quote" });
        break;
      case "bullet_list_open":
      case "ordered_list_open":
        frames.push({
          kind: "list",
          ordered: token.type === "ordered_list_open",
          next: Number(token.attrGet("start") ?? 1),
        });
        break;
      case "list_item_open": {
        const list = frames.findLast((f) => f.kind === "list");
        const marker = list?.ordered ? `${list.next++}. ` : "- ";
        frames.push({ kind: "item", marker, started: false });
        break;
      }
      case "blockquote_close":
      case "bullet_list_close":
      case "ordered_list_close":
      case "list_item_close":
        frames.pop();
        break;
      case "inline":
        write(inlineText(token.children ?? []), tokens[i - 1]?.hidden === true);
        break;
      case "fence":
      case "code_block":
        write(token.content.replace(/\n$/, ""), false);
        break;
    }
  });
  return lines.join("\n").trim();
}
