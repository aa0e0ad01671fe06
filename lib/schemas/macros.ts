import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { placeholderProblem } from "@/lib/macros/placeholders";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";
import { tagKey, tagNameSchema, TAGS_PER_TICKET_MAX } from "./tags";
import { singleLine } from "./fields";
import { z } from "./zod";

export const MACRO_NAME_REQUIRED = "Please give the macro a name";
export const MACRO_BODY_REQUIRED = "Please write the macro's reply text";
export const MACRO_NAME_MAX = 80;
export const MACRO_BODY_MAX = 10_000;
export { UNASSIGN } from "@/lib/macros/unassign";

/**
 * A macro as an admin writes it: a name, reply text with placeholders (checked here, so an
 * unknown one is a 400 naming it) and optional field changes applied when the reply is sent.
 * Each field change is its own optional key (null or no tags: leave the field alone).
 */
export const macroInputSchema = z.object({
  name: singleLine(z.string({ error: MACRO_NAME_REQUIRED }).trim())
    .min(1, MACRO_NAME_REQUIRED)
    .max(MACRO_NAME_MAX, `Name must be at most ${MACRO_NAME_MAX} characters`),
  body: z
    .string({ error: MACRO_BODY_REQUIRED })
    .trim()
    .min(1, MACRO_BODY_REQUIRED)
    .max(MACRO_BODY_MAX, `Reply text must be at most ${MACRO_BODY_MAX.toLocaleString("en-US")} characters`)
    .superRefine((text, ctx) => {
      const problem = placeholderProblem(text);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  status: z
    .enum(TICKET_STATUSES as [TicketStatus, ...TicketStatus[]], { error: "Unknown status" })
    .nullable()
    .default(null),
  priority: z
    .enum(TICKET_PRIORITIES as [TicketPriority, ...TicketPriority[]], { error: "Unknown priority" })
    .nullable()
    .default(null),
  /** A user id of the organisation, "unassign", or null to leave the assignee alone. */
  assignee: z
    .string({ error: "Unknown assignee" })
    .min(1, "Unknown assignee")
    .max(64, "Unknown assignee")
    .nullable()
    .default(null),
  /** Tags put on the ticket (any the ticket already has stay; two spellings of one tag count once). */
  tags: z
    .array(tagNameSchema, { error: "Tags must be a list of names" })
    .max(TAGS_PER_TICKET_MAX, `A macro can add at most ${TAGS_PER_TICKET_MAX} tags`)
    .default([])
    .transform((names) => names.filter((n, i) => names.findIndex((m) => tagKey(m) === tagKey(n)) === i)),
});

export type MacroInput = z.infer<typeof macroInputSchema>;

/** What applying a macro changes on the ticket; the apply code reads only these. */
export type MacroChanges = {
  status: TicketStatus | null;
  priority: TicketPriority | null;
  /** A user id, "unassign", or null. */
  assignee: string | null;
  /** Tag names added to the ticket. */
  tags: string[];
};

/** A macro as the API returns it (to admins and agents alike). */
export type Macro = MacroChanges & {
  id: string;
  name: string;
  body: string;
  /** The assignee's name, for the summary shown before sending (null: none or unassign). */
  assigneeName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The list plus where the organisation stands against its plan's macro limit (null: unlimited). */
export type MacroList = { macros: Macro[]; limit: number | null; plan: string };
