import "server-only";
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { markdownAsPlainText } from "./markdown-text";

/**
 * Formatted replies: what an agent writes is Markdown, kept as written; what people see is
 * HTML made here, on the server, once, and shown the same in the workspace, the portal and
 * the customer's email. Two locks, so one mistake is not enough: the parser knows only the
 * basic formats and never passes raw HTML (it is escaped as text), and an allow-list
 * sanitizer then keeps only the tags and attributes listed below.
 *
 * Raise the version whenever a rule here changes: replies stored with an older version's
 * HTML are rendered again when read, so a tightened rule also covers earlier replies.
 */
export const MARKDOWN_RENDERER_VERSION = 1;

/**
 * Headings, rules, tables and indented code are left out on purpose: a line of "---" under a
 * sentence or a pasted signature indented by four spaces should read as the agent typed it,
 * not turn into a heading or a code block. Images too: a picture from another server would
 * tell that server when and from where the customer read the reply (and the pages' content
 * security policy would block it anyway); files go as attachments.
 */
const parser = new MarkdownIt("zero", { html: false, breaks: true, linkify: true, typographer: false })
  .enable(["blockquote", "fence", "list"])
  .enable(["newline", "escape", "backticks", "emphasis", "link", "autolink", "entity", "linkify"]);
parser.linkify.set({ fuzzyLink: false, fuzzyEmail: true });

/** Only web and mail links: no javascript:, data:, vbscript:, file: or links into our own pages. */
const SAFE_URL = /^(https?:\/\/|mailto:)/i;
parser.validateLink = (url) => SAFE_URL.test(url.trim());

/** Every attribute a link may carry; rel keeps the customer's page and address to themselves. */
export const LINK_REL = "noopener noreferrer nofollow";

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "a", "ul", "ol", "li", "code", "pre", "blockquote"],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A link whose address is not plainly http(s) or mailto loses its link, keeping its words.
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      return SAFE_URL.test(href)
        ? { tagName: "a", attribs: { href, rel: LINK_REL } }
        : { tagName: "span", attribs: {} };
    },
    ol: (_tag, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? "";
      return { tagName: "ol", attribs: /^\d{1,9}$/.test(start) ? { start } : {} };
    },
  },
};

/** The sanitized HTML of a Markdown reply: the only HTML the browser and the mail ever get from what staff wrote. */
export function renderMarkdown(source: string): string {
  if (!source.trim()) return "";
  return sanitizeHtml(parser.render(source), SANITIZE).trim();
}

/** The same reply as plain text, for the mail's text part: links spelled out, lists and quotes kept readable. */
export function renderMarkdownText(source: string): string {
  return markdownAsPlainText(parser.parse(source, {}));
}
