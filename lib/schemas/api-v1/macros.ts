import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";
import { z } from "../zod";
import type { Jsonify } from "../json";
import type { Macro } from "../macros";
import { documented, page, when, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_IDS } from "./examples";

/** A macro: the reply it writes and what it sets on the ticket when the reply is sent. */
export const apiMacroSchema = documented(
  z.object({
    id: z.string(),
    name: z.string(),
    body: z.string().describe("The reply text, with placeholders such as {{customer.firstName}}"),
    status: z
      .enum(TICKET_STATUSES as [TicketStatus, ...TicketStatus[]])
      .nullable()
      .describe("Null: left alone"),
    priority: z
      .enum(TICKET_PRIORITIES as [TicketPriority, ...TicketPriority[]])
      .nullable()
      .describe("Null: left alone"),
    assignee: z.string().nullable().describe('A user id, "unassign", or null to leave the assignee alone'),
    assigneeName: z.string().nullable(),
    tags: z.array(z.string()).describe("Tag names added to the ticket"),
    createdAt: when,
    updatedAt: when,
  }),
  "Macro",
  {
    id: EXAMPLE_IDS.macro,
    name: "Corrected invoice sent",
    body: "Hi {{customer.firstName}}, the corrected invoice is attached. Anything else, just reply to this mail.",
    status: "resolved",
    priority: null,
    assignee: null,
    assigneeName: null,
    tags: ["billing"],
    createdAt: "2026-10-01T11:20:00.000Z",
    updatedAt: "2026-11-18T16:45:30.000Z",
  },
);

export type _ApiMacroMatchesService = Assert<Equals<z.infer<typeof apiMacroSchema>, Jsonify<Macro>>>;

/** The calls on macros. */
export const MACRO_OPERATIONS = {
  listMacros: {
    method: "GET",
    path: "/api/v1/macros",
    operationId: "listMacros",
    summary: "All the organisation's macros by name, in one page.",
    scope: "macros:read",
    response: page(apiMacroSchema),
  },
} as const satisfies Record<string, ApiOperation>;
