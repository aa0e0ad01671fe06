import "server-only";
import type { ReplyFormat } from "@/generated/prisma/enums";
import { MARKDOWN_RENDERER_VERSION, renderMarkdown } from "@/lib/format/markdown";

/** The columns a reply's body is shown from. */
export const REPLY_BODY_SELECT = {
  content: true,
  format: true,
  contentHtml: true,
  contentHtmlVersion: true,
} as const;

export type StoredBody = {
  content: string;
  format: ReplyFormat;
  contentHtml: string | null;
  contentHtmlVersion: number | null;
};

/**
 * What staff write in the workspace is Markdown: kept as written, with its HTML rendered now,
 * once, so reading a thread costs no rendering (the detail view is read far more than written).
 */
export function markdownBody(content: string) {
  return {
    content,
    format: "markdown" as const,
    contentHtml: renderMarkdown(content),
    contentHtmlVersion: MARKDOWN_RENDERER_VERSION,
  };
}

/**
 * How a stored reply is shown: plain text as it is (the browser escapes it), Markdown by its
 * stored HTML, rendered again only when an older renderer made it (its rules may since have
 * been tightened).
 */
export function replyBody(row: StoredBody): { format: ReplyFormat; html: string | null } {
  if (row.format !== "markdown") return { format: "plain", html: null };
  const current = row.contentHtml !== null && row.contentHtmlVersion === MARKDOWN_RENDERER_VERSION;
  return { format: "markdown", html: current ? row.contentHtml : renderMarkdown(row.content) };
}

/** A reply as staff see it: its body as HTML or text (see replyBody), never the stored columns behind it. */
export function toReply<Row extends StoredBody>(
  row: Row,
): Omit<Row, "contentHtml" | "contentHtmlVersion"> & ReturnType<typeof replyBody> {
  const { contentHtml: _html, contentHtmlVersion: _version, ...reply } = row;
  return { ...reply, ...replyBody(row) };
}
