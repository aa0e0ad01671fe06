import { EDITABLE_ROLES } from "@/lib/permissions/rules";
import { z } from "./zod";

/** PATCH /api/users/{id}: a new role, a new active state, or both. */
export const updateUserSchema = z
  .object({
    role: z.enum(EDITABLE_ROLES, { error: "Unknown role" }).optional(),
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
  })
  .refine((v) => v.role !== undefined || v.isActive !== undefined, { error: "Nothing to update" });

/** GET /api/users: one keyset page, optionally searched by full name or email. */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(200, "Search is too long").optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(50),
  cursor: z.string().max(200).optional(),
});

export type UpdateUserInput = z.infer<typeof updateUserSchema>;
export type UserListQuery = z.infer<typeof userListQuerySchema>;
