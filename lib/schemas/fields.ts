import { z } from "./zod";

/** A required email address, trimmed and lowercased; `missing` is the form's own text for an empty field. */
export const requiredEmail = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(254, "Email address is too long")
    .pipe(z.email("Please enter a valid email address"));

/** The `limit` of a keyset page: a whole number from 1 to `max`, `fallback` when absent. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

/** One page of a searchable list: an optional search, up to 200 rows (50 unless asked), and where to go on. */
export const searchPageQuery = z.object({
  q: z.string().trim().max(200, "Search is too long").optional(),
  limit: pageLimit(200, 50),
  cursor: z.string().max(200).optional(),
});

export const NO_CONTROL_CHARACTERS = "Must be a single line without control characters";

/**
 * Names and subjects end up in email subjects and log lines: a line break or other control
 * character there could forge a header or a log entry, so they are refused.
 */
export const singleLine = (field: z.ZodString) => field.regex(/^[^\p{Cc}\u2028\u2029]*$/u, NO_CONTROL_CHARACTERS);
