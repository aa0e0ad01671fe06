import { z } from "./zod";

export const SATISFACTION_SCORES = ["good", "bad"] as const;
export type SatisfactionScore = (typeof SATISFACTION_SCORES)[number];

/** Longest comment a customer may leave with a rating. */
export const RATING_COMMENT_MAX = 1000;

/** POST /api/satisfaction/rating: the score, and an optional comment (blank means none). */
export const rateTicketSchema = z.object({
  score: z.enum(SATISFACTION_SCORES, { error: "Choose Good or Bad" }),
  comment: z
    .string({ error: "Comment must be text" })
    .trim()
    .max(RATING_COMMENT_MAX, `Comment must be at most ${RATING_COMMENT_MAX} characters`)
    .optional(),
});

export type RateTicketInput = z.infer<typeof rateTicketSchema>;

/** A customer's rating as the team sees it on the ticket. */
export type TicketRating = {
  score: SatisfactionScore;
  comment: string | null;
  /** The agent it counts for (the assignee at resolution, else the last agent who replied). */
  agentName: string | null;
  ratedAt: Date;
  updatedAt: Date;
};

/** What the rating page shows to the holder of a link. */
export type RatingLinkView = {
  organizationName: string;
  ticketNumber: number;
  subject: string;
  rating: { score: SatisfactionScore; comment: string | null; ratedAt: Date } | null;
  /** "open": may rate or change; "locked": rated over 7 days ago; "expired": the link's time is over. */
  state: "open" | "locked" | "expired";
  /** Until when a given rating may still be changed (null before the first rating). */
  changeableUntil: Date | null;
};

/** The organisation's satisfaction over the last `days` days (ratings given in that time). */
export type SatisfactionSummary = { days: number; rated: number; good: number; percentGood: number | null };

/** The same per agent a rating counts for (agents and admins of the organisation). */
export type AgentSatisfaction = { agentId: string; rated: number; good: number; percentGood: number | null };
export type AgentSatisfactionReport = { days: number; agents: AgentSatisfaction[] };
