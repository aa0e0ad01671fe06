import "server-only";
import { renderKbMarkdown } from "@/lib/format/kb-markdown";

/** The editor's preview: the HTML the help center will show for this body, by the very same renderer. */
export function previewArticle(body: string): { html: string } {
  return { html: renderKbMarkdown(body) };
}
