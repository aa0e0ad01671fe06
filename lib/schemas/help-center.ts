import { z } from "./zod";

/** `POST /api/help/<org>/articles/<slug>/vote` as JSON: was the article helpful? */
export const helpVoteSchema = z.object({
  helpful: z.boolean({ error: "helpful must be true or false" }),
});
export type HelpVote = z.infer<typeof helpVoteSchema>;

/** The same vote from the article page's plain form: the button pressed ("yes" or "no"). */
export const HELP_VOTE_FORM_VALUES = { yes: true, no: false } as const;
