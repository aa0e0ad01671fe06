import { z } from "./zod";

export const activityQuerySchema = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(100, "limit must be at most 100").default(25),
  cursor: z.string().max(200, "Invalid cursor").optional(),
});

export type ActivityQuery = z.infer<typeof activityQuerySchema>;
