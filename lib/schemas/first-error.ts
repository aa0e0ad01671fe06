import type { z } from "zod";

/** The first validation message of a failed parse, for a form's toast. */
export function firstError(result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? "Invalid input");
}
