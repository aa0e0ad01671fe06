import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { renderMarkdown } from "@/lib/format/markdown";
import type { ReplyPreview } from "@/lib/schemas/tickets";
import { hit, LIMITS } from "@/lib/services/rate-limit";

/**
 * The composer's Preview: the HTML the reply will have once sent, from the same renderer, so
 * what the agent checks is what the customer gets. Throttled per person, as it costs a render.
 */
export async function previewReply(user: SessionUser, content: string): Promise<ReplyPreview> {
  await hit(`reply-preview:${user.id}`, LIMITS.replyPreviewPerUser, "Too many previews, please wait a moment");
  return { html: renderMarkdown(content) };
}
