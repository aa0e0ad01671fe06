import "server-only";
import type { WithAttachments } from "@/lib/schemas/attachments";
import type { ApiCreateReplyInput } from "@/lib/schemas/api-v1/replies";
import type { StaffReply } from "@/lib/schemas/tickets";
import { replyAuthor } from "@/lib/services/actor";
import type { ApiCaller } from "@/lib/services/api/caller";
import { createStaffReply } from "@/lib/services/replies/conversation";
import { db } from "@/lib/server/db";

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
  // The files it sent (uploaded first through POST /api/v1/tickets/{id}/attachments), as the thread lists them.
  const attachments = input.attachmentIds?.length
    ? await db.attachment.findMany({
        where: { organizationId: caller.staff.organizationId, replyId: reply.id },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, filename: true, contentType: true, size: true },
      })
    : [];
  return { ...reply, authorName: replyAuthor(caller.staff).authorName, attachments };
}
