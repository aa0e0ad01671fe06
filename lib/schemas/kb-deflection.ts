import { KB_SUGGESTIONS_MAX } from "./kb";
import { z } from "./zod";

/**
 * Deflection: a customer about to write a ticket opens an article the portal suggested. The open
 * is recorded; when the customer sends the ticket anyway, the ticket names the opens it followed,
 * so only the opens no ticket followed count as questions the help center answered.
 */
export const SUGGESTION_OPEN_UNKNOWN = "Unknown suggested article";

/** `POST /api/help/<org-slug>/suggestions/opens`: the suggested article the customer opened. */
export const kbSuggestionOpenSchema = z.object({
  slug: z.string({ error: "slug is required" }).trim().min(1, "slug is required").max(80, "slug is too long"),
});
export type KbSuggestionOpenInput = z.infer<typeof kbSuggestionOpenSchema>;

/** What the open route answers: the open's id, which the portal sends with the ticket. */
export type KbSuggestionOpenRecorded = { id: string };

/** The suggested articles a new ticket may name as opened before it: as many as the portal shows. */
export const SUGGESTION_OPENS_MAX = KB_SUGGESTIONS_MAX;

/** The opens a portal ticket followed (optional: a ticket without them is as before). */
export const suggestionOpenIdsField = z
  .array(
    z.string({ error: SUGGESTION_OPEN_UNKNOWN }).min(1, SUGGESTION_OPEN_UNKNOWN).max(64, SUGGESTION_OPEN_UNKNOWN),
    {
      error: "suggestionOpenIds must be a list of ids",
    },
  )
  .max(SUGGESTION_OPENS_MAX, `A ticket may name at most ${SUGGESTION_OPENS_MAX} opened articles`)
  .optional();
