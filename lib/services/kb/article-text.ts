import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";

/**
 * An article's Markdown as the words a reader sees, for search excerpts: formatting marks, link
 * addresses and images dropped, each block (heading, paragraph, list item, cell, code) a
 * sentence of its own. Parsed with the help center's rules (lib/format/kb-markdown.ts), raw HTML
 * off, so a "<b>" typed in an article is its text here too, and React escapes it where shown.
 */
const parser = new MarkdownIt("zero", { html: false, breaks: true, linkify: true, typographer: false })
  .enable(["blockquote", "fence", "list", "heading", "hr", "table"])
  .enable([
    "newline",
    "escape",
    "backticks",
    "emphasis",
    "strikethrough",
    "link",
    "image",
    "autolink",
    "entity",
    "linkify",
  ]);

function inlineText(children: readonly Token[]): string {
  let text = "";
  for (const token of children) {
    if (token.type === "text" || token.type === "code_inline") text += token.content;
    else if (token.type === "softbreak" || token.type === "hardbreak") text += " ";
  }
  return text;
}

export function articlePlainText(markdown: string): string {
  const blocks: string[] = [];
  for (const token of parser.parse(markdown, {})) {
    const text =
      token.type === "inline"
        ? inlineText(token.children ?? [])
        : token.type === "fence" || token.type === "code_block"
          ? token.content
          : "";
    const words = text.replace(/\s+/g, " ").trim();
    if (words) blocks.push(words);
  }
  return blocks.join(" ");
}
