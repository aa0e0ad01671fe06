import type { GroupAssignment } from "@/generated/prisma/enums";
import { singleLine } from "./fields";
import { z } from "./zod";

export const GROUP_NAME_REQUIRED = "Please give the group a name";
export const GROUP_NAME_MAX = 60;
/** More members than a team has agents is never meant; the bound keeps one request small. */
export const GROUP_MEMBERS_MAX = 500;
export const GROUP_CAP_MAX = 1000;

export const GROUP_ASSIGNMENTS = ["manual", "round_robin", "balanced"] as const satisfies readonly GroupAssignment[];

/** How each assignment mode reads in Settings. */
export const GROUP_ASSIGNMENT_LABELS: Record<GroupAssignment, string> = {
  manual: "Manual",
  round_robin: "Round robin",
  balanced: "Balanced",
};

const name = singleLine(z.string({ error: GROUP_NAME_REQUIRED }).trim())
  .min(1, GROUP_NAME_REQUIRED)
  .max(GROUP_NAME_MAX, `Name must be at most ${GROUP_NAME_MAX} characters`);

/** User ids, each once (the order is kept; a repeat adds nothing). */
const userIds = z
  .array(z.string({ error: "Members must be user ids" }).min(1, "Unknown member").max(64, "Unknown member"), {
    error: "Members must be a list of user ids",
  })
  .max(GROUP_MEMBERS_MAX, `A group can have at most ${GROUP_MEMBERS_MAX} members`)
  .transform((ids) => [...new Set(ids)]);

const assignment = z.enum(GROUP_ASSIGNMENTS, { error: "Assignment must be manual, round_robin or balanced" });

/** At most this many open tickets per agent from automatic assignment; null: no cap. */
const maxOpenPerAgent = z
  .number({ error: "The cap must be a number or null" })
  .int("The cap must be a whole number")
  .min(1, "The cap must be at least 1")
  .max(GROUP_CAP_MAX, `The cap must be at most ${GROUP_CAP_MAX}`)
  .nullable();

/**
 * A new group: its name (unique in the organisation whatever its case), its members (active
 * agents and admins of the organisation), how new tickets are shared among them and the cap.
 */
export const groupInputSchema = z.object({
  name,
  memberIds: userIds.default([]),
  assignment: assignment.default("manual"),
  maxOpenPerAgent: maxOpenPerAgent.default(null),
});

/**
 * A change to a group: any of the fields above (`memberIds` replaces the members), or members
 * added and removed by id without sending the whole list (`addMemberIds`, `removeMemberIds`;
 * not together with `memberIds`).
 */
export const groupUpdateSchema = z
  .object({
    name: name.optional(),
    memberIds: userIds.optional(),
    addMemberIds: userIds.optional(),
    removeMemberIds: userIds.optional(),
    assignment: assignment.optional(),
    maxOpenPerAgent: maxOpenPerAgent.optional(),
  })
  .refine((input) => input.memberIds === undefined || (!input.addMemberIds && !input.removeMemberIds), {
    message: "Send either memberIds or addMemberIds/removeMemberIds, not both",
    path: ["memberIds"],
  });

export type GroupInput = z.infer<typeof groupInputSchema>;
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;

/** A group as the API returns it (to admins and agents alike). */
export type Group = {
  id: string;
  name: string;
  memberIds: string[];
  assignment: GroupAssignment;
  maxOpenPerAgent: number | null;
};

/** What a ticket says of its group. */
export type TicketGroup = { id: string; name: string };
