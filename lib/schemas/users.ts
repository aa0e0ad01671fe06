import type { Availability, Plan, Role } from "@/generated/prisma/enums";
import { EDITABLE_ROLES } from "@/lib/permissions/rules";
import { searchPageQuery } from "./fields";
import { z } from "./zod";

/** PATCH /api/users/{id}: a new role, a new active state, or both. */
export const updateUserSchema = z
  .object({
    role: z.enum(EDITABLE_ROLES, { error: "Unknown role" }).optional(),
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
  })
  .refine((v) => v.role !== undefined || v.isActive !== undefined, { error: "Nothing to update" });

/** GET /api/users: one keyset page, optionally searched by full name or email. */
export const userListQuerySchema = searchPageQuery;

const AVAILABILITIES = ["available", "away"] as const satisfies readonly Availability[];

/** PUT /api/users/availability: whether automatic assignment may give the signed-in agent new tickets. */
export const availabilitySchema = z.object({
  availability: z.enum(AVAILABILITIES, { error: "Availability must be available or away" }),
});

export type UpdateUserInput = z.infer<typeof updateUserSchema>;
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** A user as the user list and the team list show them. */
export type User = {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  isActive: boolean;
  createdAt: Date;
};

/** A member of the team as the team list shows them: also whether they are available or away. */
export type TeamMember = User & { availability: Availability };

export type UserStats = { total: number; active: number; inactive: number };

/** Someone a ticket can be assigned to. */
export type AssignableUser = { id: string; fullName: string };

/** Agent seats in use, live invitations and the plan's seat limit (UNLIMITED for no limit). */
export type SeatSummary = { plan: Plan; used: number; pending: number; limit: number };
