import "server-only";
import type { WithAttachments } from "@/lib/schemas/attachments";
import type { ApiCreateReplyInput } from "@/lib/schemas/api-v1/replies";
import type { StaffReply } from "@/lib/schemas/tickets";
import { replyAuthor } from "@/lib/services/actor";
import type { ApiCaller } from "@/lib/services/api/caller";
import { createStaffReply } from "@/lib/services/replies/conversation";

/**
 * A reply or internal note written through the API, as the team: the workspace's staff reply
 * (its mail, first response, SLA, history naming the token), answered as the conversation lists
 * it, so a program reads the same message from the answer and from the thread.
 */
export async function createApiReply(
  caller: ApiCaller,
  ticketId: string,
  input: ApiCreateReplyInput,
): Promise<WithAttachments<StaffReply>> {
  const reply = await createStaffReply(caller.staff, { ...input, ticketId });
  return { ...reply, authorName: replyAuthor(caller.staff).authorName, attachments: [] };
}
