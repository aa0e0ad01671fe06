import { cn } from "@/lib/utils";

/**
 * The body of a help center article, exactly as a customer reads it: the help center's article
 * page and the editor's preview both show it through this one component, so what an agent
 * previews is what gets published. The HTML comes from the server's article renderer
 * (lib/format/kb-markdown.ts: no raw HTML, an allow-list sanitizer, images only from our own
 * image store), so it is inserted as given. No client code: it renders on the server.
 *
 * The page's h1 is the article's title, so the body's headings start at h2.
 */
const BODY = cn(
  "text-base leading-7 break-words text-foreground",
  "[&>*+*]:mt-4 [&>:first-child]:mt-0",
  // Headings: a clear step down from the title, with room above them to start a new part.
  "[&_h2]:mt-10 [&_h2]:scroll-mt-20 [&_h2]:text-2xl [&_h2]:leading-8 [&_h2]:font-semibold [&_h2]:tracking-tight",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-20 [&_h3]:text-xl [&_h3]:leading-7 [&_h3]:font-semibold",
  "[&_h4]:mt-6 [&_h4]:scroll-mt-20 [&_h4]:text-lg [&_h4]:leading-7 [&_h4]:font-semibold",
  "[&_h2+*]:mt-3 [&_h3+*]:mt-2 [&_h4+*]:mt-2",
  "[&_strong]:font-semibold",
  // Links: the primary colour and an underline, so they are links without colour too.
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2",
  // Lists.
  "[&_li]:pl-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6",
  "[&_li+li]:mt-2 [&_li::marker]:text-muted-foreground [&_li>*+*]:mt-2",
  // Code: inline in a soft box; blocks scroll sideways instead of widening the page at 390 px.
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-[1em]",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground",
  "[&_hr]:my-8 [&_hr]:border-border",
  // Tables: framed, and scrollable on a phone (display:block keeps a wide table inside the column).
  "[&_table]:block [&_table]:max-w-full [&_table]:border-collapse [&_table]:overflow-x-auto [&_table]:text-sm",
  "[&_th]:border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
  "[&_td]:border [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  // Images: never wider than the column, keeping their proportions.
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_img]:border",
);

export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return <div data-article-body className={cn(BODY, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
