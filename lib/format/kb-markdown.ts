import MarkdownIt, { type Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";

/**
 * Knowledge base articles: Markdown as written by the team, HTML made here for the help center,
 * the editor's preview and the reply box alike. The same two locks as formatted replies
 * (lib/format/markdown.ts): the parser never passes raw HTML, and an allow-list sanitizer keeps
 * only the tags and attributes below. An article is a document, so it also knows headings (a
 * "#" is an h2: the page's h1 is the article's title), rules, tables and images, but only
 * images uploaded to the knowledge base itself: a picture from another server would tell that
 * server who reads the help center, and the pages' content security policy would block it.
 *
 * Raise the version whenever a rule here changes: articles stored with an older version's HTML
 * are rendered again when read, so a tightened rule also covers articles written before it.
 */
export const KB_MARKDOWN_RENDERER_VERSION = 1;

// No "server-only" mark, unlike the replies' renderer: the demo seed (run by tsx, outside Next)
// renders the demo articles with it. Nothing here is secret; the browser simply never needs it.

/** The rel of a web or mail link, the same as in replies (markdown.ts LINK_REL; the tests hold them equal). */
const LINK_REL = "noopener noreferrer nofollow";

/** The only image address an article may show: an image uploaded to the knowledge base. */
const KB_IMAGE_SRC = /^\/api\/kb\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/**
 * Links to other help center pages, written as paths ("/help/acme/articles/reset-password"):
 * plain lowercase segments only, so no "..", "%2e" or backslash can lead out of /help.
 */
const HELP_PATH = /^\/help(?:\/[a-z0-9-]+)*\/?(?:\?[A-Za-z0-9=&+%._~-]*)?(?:#[A-Za-z0-9_-]*)?$/;
const WEB_OR_MAIL = /^(https?:\/\/|mailto:)/i;

const isLink = (url: string) => WEB_OR_MAIL.test(url) || HELP_PATH.test(url);

/** Indented code stays out, as in replies: a pasted signature indented by four spaces reads as typed. */
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
parser.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
parser.validateLink = (url) => {
  const trimmed = url.trim();
  return isLink(trimmed) || KB_IMAGE_SRC.test(trimmed);
};

/** "#" is h2, "##" h3 and so on (h6 at most): the page's one h1 is the article's title. */
parser.core.ruler.push("kb_heading_levels", (state) => {
  for (const token of state.tokens)
    if (token.type === "heading_open" || token.type === "heading_close")
      token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "code",
    "pre",
    "blockquote",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
  ],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"], img: ["src", "alt", "loading"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  exclusiveFilter: (frame) => frame.tag === "img" && !KB_IMAGE_SRC.test(frame.attribs.src ?? ""),
  transformTags: {
    // A help center path stays a plain link (it is our own page); a web or mail address gets the
    // same rel as in replies; anything else loses its link and keeps its words.
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      if (HELP_PATH.test(href)) return { tagName: "a", attribs: { href } };
      return WEB_OR_MAIL.test(href)
        ? { tagName: "a", attribs: { href, rel: LINK_REL } }
        : { tagName: "span", attribs: {} };
    },
    ol: (_tag, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? "";
      return { tagName: "ol", attribs: /^\d{1,9}$/.test(start) ? { start } : {} };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => ({
      tagName: "img",
      attribs: { src: attribs.src ?? "", alt: attribs.alt ?? "", loading: "lazy" },
    }),
  },
};

/** The sanitized HTML of an article's Markdown body: the only HTML the help center shows from it. */
export function renderKbMarkdown(source: string): string {
  if (!source.trim()) return "";
  return sanitizeHtml(parser.render(source), SANITIZE).trim();
}

/** The address an uploaded image is served at, as the body names it. */
export function kbImageUrl(id: string): string {
  return `/api/kb/images/${id}`;
}

/** The ids of the knowledge base images a body shows, in order, each once: the images it keeps. */
export function kbImageIdsIn(source: string): string[] {
  const ids = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "image") {
        const match = KB_IMAGE_SRC.exec((token.attrGet("src") ?? "").trim());
        if (match) ids.add(match[1]!);
      }
      if (token.children) walk(token.children);
    }
  };
  walk(parser.parse(source, {}));
  return [...ids];
}

function inlineText(children: readonly Token[]): string {
  let text = "";
  for (const token of children) {
    if (token.type === "text" || token.type === "code_inline") text += token.content;
    else if (token.type === "softbreak" || token.type === "hardbreak") text += " ";
  }
  return text;
}

/**
 * An article's Markdown as the words a reader sees, for search excerpts: formatting marks, link
 * addresses and images dropped, each block (heading, paragraph, list item, cell, code) a sentence
 * of its own. Parsed exactly as the article is rendered, so a "<b>" typed in an article is its
 * text here too (React escapes it where shown).
 */
export function kbMarkdownText(markdown: string): string {
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
