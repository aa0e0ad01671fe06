import { cn } from "@/lib/utils";

/**
 * The words of one message, the same in the workspace and the portal. A formatted reply comes
 * with HTML the server rendered and sanitized (lib/format/markdown.ts: an allow-list of tags,
 * no attributes but a link's address), so it is inserted as given; anything else is plain
 * text, escaped by React, its line breaks kept.
 */
export function MessageBody({
  content,
  html,
  className,
}: {
  content: string;
  html?: string | null;
  className?: string;
}) {
  if (html == null) return <p className={cn("text-sm break-words whitespace-pre-wrap", className)}>{content}</p>;
  return <div data-formatted className={cn("formatted-text", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
