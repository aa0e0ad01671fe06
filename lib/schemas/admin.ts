import type { Role } from "@/generated/prisma/enums";
import { z } from "./zod";

export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(25),
  cursor: z.string().max(200, "Invalid cursor").optional(),
});

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** An agent or admin with their open and total assigned tickets. */
export type Agent = {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  isActive: boolean;
  createdAt: Date;
  openTickets: number;
  assignedTickets: number;
};

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
