import { pageLimit } from "./fields";
import { z } from "./zod";
import {
  TAG_CHANGE_MAX,
  TAG_NAME_EMPTY,
  TAG_NAME_MAX,
  TAG_NAME_PATTERN,
  TAG_NAME_INVALID,
  TAG_NAME_TOO_LONG,
  tagKey,
  tidyTagName,
} from "@/lib/tags/names";

export {
  TAG_CHANGE_MAX,
  TAG_NAME_INVALID,
  TAG_NAME_MAX,
  TAGS_PER_ORGANIZATION_MAX,
  TAGS_PER_TICKET_MAX,
  tagKey,
} from "@/lib/tags/names";

/**
 * A tag as typed: trimmed, inner runs of spaces made one (line breaks and tabs are refused, not
 * folded), 1 to 40 characters, no commas (the separator people type between tags) and no
 * control characters. Case is kept as typed; two names that differ only in case are the same
 * tag. Exported for macros, which set tags too.
 */
export const tagNameSchema = z
  .string({ error: "Tag must be text" })
  .transform(tidyTagName)
  .pipe(
    z.string().min(1, TAG_NAME_EMPTY).max(TAG_NAME_MAX, TAG_NAME_TOO_LONG).regex(TAG_NAME_PATTERN, TAG_NAME_INVALID),
  );

const tagList = (what: string) =>
  z
    .array(tagNameSchema, { error: `${what} must be a list of tags` })
    .max(TAG_CHANGE_MAX, `At most ${TAG_CHANGE_MAX} tags at once`);

/** Tags to add to and remove from a ticket (or, in a bulk change, from each ticket). */
export const ticketTagsChangeSchema = z
  .object({ add: tagList("add").default([]), remove: tagList("remove").default([]) })
  .refine((v) => v.add.length + v.remove.length > 0, { error: "Nothing to change" })
  .refine((v) => !v.add.some((a) => v.remove.some((r) => tagKey(r) === tagKey(a))), {
    error: "A tag cannot be added and removed at once",
  });

/** The typeahead: tags whose name starts with q (any case), alphabetically. */
export const tagSearchQuerySchema = z.object({
  q: z.string().trim().max(TAG_NAME_MAX, `Search is at most ${TAG_NAME_MAX} characters`).default(""),
  limit: pageLimit(50, 10),
});

export type TicketTagsChange = z.infer<typeof ticketTagsChangeSchema>;
export type TagSearchQuery = z.infer<typeof tagSearchQuerySchema>;

/** A tag of the organisation, as the typeahead offers it. */
export type Tag = { id: string; name: string };

/** A ticket's tags after a change, and the ticket's version that change made. */
export type TicketTags = { tags: string[]; version: number };

/** A tag on the dashboard: how many open tickets carry it. */
export type TopTag = { name: string; openTickets: number };
