"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http/client/api";
import type { ReplyPreview as ReplyPreviewJson } from "@/lib/schemas/tickets";
import { MessageBody } from "./message-body";

export const replyPreviewKeys = {
  of: (content: string) => ["reply-preview", content] as const,
};

/**
 * The reply as it will be shown, rendered by the server (the browser carries no Markdown
 * parser or sanitizer). Asked for only while Preview is on; the same text is not asked twice.
 */
export function useReplyPreview(content: string, enabled: boolean) {
  return useQuery({
    queryKey: replyPreviewKeys.of(content),
    queryFn: async () =>
      (await (await apiRequest("POST", "/api/replies/preview", { content })).json()) as ReplyPreviewJson,
    enabled: enabled && content.trim() !== "",
  });
}

/** The Preview pane: where the reply box stands while the agent looks at the result. */
export function ReplyPreview({ content, id }: { content: string; id: string }) {
  const preview = useReplyPreview(content, true);
  return (
    <div
      id={id}
      role="region"
      aria-label="Preview"
      aria-busy={preview.isFetching}
      tabIndex={0}
      className="max-h-72 min-h-20 overflow-y-auto rounded-md border bg-muted/20 px-3 py-2 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      {!content.trim() ? (
        <p className="text-sm text-muted-foreground">Nothing to preview</p>
      ) : preview.isError ? (
        <p className="text-sm text-destructive">Preview failed. Please try again later.</p>
      ) : preview.data ? (
        <MessageBody content={content} html={preview.data.html} />
      ) : (
        <p className="text-sm text-muted-foreground">Loading preview...</p>
      )}
    </div>
  );
}
