import { pageLimit } from "./fields";
import type { TeamMember } from "./users";
import { z } from "./zod";

export const activityQuerySchema = z.object({
  limit: pageLimit(100, 25),
  cursor: z.string().max(200, "Invalid cursor").optional(),
});

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** An agent or admin with their open and total assigned tickets, and whether automatic assignment may give them more. */
export type Agent = TeamMember & { openTickets: number; assignedTickets: number };

/** One audit event, already put into words. */
export type ActivityEvent = {
  id: string;
  action: string;
  text: string;
  actor: { id: string | null; type: string; name: string };
  ticket: { id: string; ticketNumber: number } | null;
  createdAt: Date;
  metadata: Record<string, unknown> | null;
};

export type ActivityPage = { events: ActivityEvent[]; nextCursor: string | null };
