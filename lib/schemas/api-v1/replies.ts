import { AuthorType, ReplyFormat, ReplyType } from "@/generated/prisma/enums";
import type { WithAttachments } from "../attachments";
import type { Jsonify } from "../json";
import { attachmentIdsSchema, ccListSchema } from "../reply-files";
import { conversationQuerySchema, createReplySchema, type StaffReply } from "../tickets";
import { z } from "../zod";
import { documented, page, when, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_AGENT, EXAMPLE_IDS } from "./examples";
import { attachmentSchema } from "./tickets";

/**
 * A message of a ticket's conversation as the API returns it (and as the `reply.created` webhook
 * carries it): a public reply or an internal note, marked by `type`, its author by display name.
 * What the team writes through a token reads as the team ("Support").
 */
export const apiReplySchema = documented(
  z.object({
    id: z.string(),
    ticketId: z.string(),
    content: z.string().describe("As written: Markdown for the team's replies and notes, plain text for a customer's"),
    type: z.enum(ReplyType).describe("internal: a note the customer never sees"),
    authorType: z.enum(AuthorType),
    authorEmail: z.string().describe("The agent's or customer's address; a token's name for what a token wrote"),
    authorName: z.string(),
    createdAt: when,
    senderVerified: z
      .boolean()
      .describe("False for a mail that named its ticket only by the number in its subject, from an unverified sender"),
    format: z.enum(ReplyFormat).describe("How to show content"),
    html: z.string().nullable().describe("A Markdown reply's HTML, sanitized; null for plain text"),
    ticketVersion: z
      .number()
      .int()
      .optional()
      .describe("The ticket's version after this reply (on the answer to a new one)"),
    attachments: z.array(attachmentSchema),
  }),
  "Reply",
  {
    id: EXAMPLE_IDS.reply,
    ticketId: EXAMPLE_IDS.ticket,
    content: "Thanks Dana, the corrected invoice is attached. Sorry for the trouble!",
    type: "public",
    authorType: "agent",
    authorEmail: EXAMPLE_AGENT.email,
    authorName: EXAMPLE_AGENT.fullName,
    createdAt: "2026-12-07T10:05:41.000Z",
    senderVerified: true,
    format: "markdown",
    html: "<p>Thanks Dana, the corrected invoice is attached. Sorry for the trouble!</p>",
    attachments: [],
  },
);

// The document's reply is the one the services write: a field added to one and not the other fails to compile.
export type _ApiReplyMatchesService = Assert<
  Equals<z.infer<typeof apiReplySchema>, Jsonify<WithAttachments<StaffReply>>>
>;

/** A new reply or internal note: the ticket is the path's; a status moves the ticket with it ("Send and set ..."). */
export const apiCreateReplySchema = createReplySchema.omit({ ticketId: true, macroId: true, articleIds: true }).extend({
  attachmentIds: attachmentIdsSchema
    .optional()
    .describe("Files this token uploaded to the ticket (POST /api/v1/tickets/{id}/attachments) and has not sent yet"),
  cc: ccListSchema
    .optional()
    .describe("A public reply's copies: they get it in Cc and join the ticket's CCs, who get every later public reply"),
});

/** The calls on a ticket's conversation. */
export const REPLY_OPERATIONS = {
  listReplies: {
    method: "GET",
    path: "/api/v1/tickets/{id}/replies",
    operationId: "listReplies",
    summary:
      "A ticket's conversation, public replies and internal notes, oldest first: the newest page, the earlier ones from next_cursor.",
    scope: "tickets:read",
    query: conversationQuerySchema,
    response: page(apiReplySchema),
  },
  createReply: {
    method: "POST",
    path: "/api/v1/tickets/{id}/replies",
    operationId: "createReply",
    summary:
      "Reply to the customer (public, mailed to them) or add an internal note, as the team; with status, the ticket moves with it.",
    scope: "tickets:write",
    body: apiCreateReplySchema,
    response: apiReplySchema,
    status: 201,
    example: {
      content: "Thanks for your patience, Dana: the second charge is refunded and shows within 5 days.",
      type: "public",
      status: "pending",
      cc: ["accounts@northwind.example"],
    },
  },
} as const satisfies Record<string, ApiOperation>;

export type ApiCreateReplyInput = z.infer<typeof apiCreateReplySchema>;
