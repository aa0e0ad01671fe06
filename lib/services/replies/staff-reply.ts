import "server-only";
import type { AuthorType } from "@/generated/prisma/enums";
import { SUPPORT_AUTHOR_NAME } from "@/lib/schemas/tickets";
import { REPLY_BODY_SELECT } from "./body";

/** The columns a reply as staff see it is read from (toReply shapes its body). */
export const REPLY_SELECT = {
  id: true,
  ticketId: true,
  ...REPLY_BODY_SELECT,
  type: true,
  authorType: true,
  authorEmail: true,
  senderVerified: true,
  createdAt: true,
} as const;

/** One name per person in a thread: the customer as the ticket names them, an agent by full name. */
export function authorNameOf(authorType: AuthorType, customerName: string, authorFullName: string | null | undefined) {
  return authorType === "customer" ? customerName : (authorFullName ?? SUPPORT_AUTHOR_NAME);
}
