import type { ApiRating } from "@/lib/services/satisfaction/api-ratings";
import type { Jsonify } from "../json";
import { SATISFACTION_SCORES } from "../satisfaction";
import { z } from "../zod";
import { documented, page, pageQuery, when, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_IDS } from "./examples";

/** A customer's satisfaction rating of a ticket, as the API lists it and the rating webhook sends it. */
export const apiRatingSchema = documented(
  z.object({
    id: z.string(),
    ticketId: z.string(),
    ticketNumber: z.number().int(),
    score: z.enum(SATISFACTION_SCORES),
    comment: z.string().nullable(),
    agentId: z
      .string()
      .nullable()
      .describe("The agent it counts for: the assignee when the ticket was resolved, else the last agent who replied"),
    ratedAt: when.describe("When the customer first rated the ticket"),
    updatedAt: when.describe("The last change of score or comment (a customer may change a rating for 7 days)"),
  }),
  "Rating",
  {
    id: EXAMPLE_IDS.rating,
    ticketId: EXAMPLE_IDS.ticket,
    ticketNumber: 1042,
    score: "good",
    comment: "Quick and friendly, thank you!",
    agentId: EXAMPLE_IDS.agent,
    ratedAt: "2026-12-08T08:14:55.000Z",
    updatedAt: "2026-12-08T08:14:55.000Z",
  },
);

export type _ApiRatingMatchesService = Assert<Equals<z.infer<typeof apiRatingSchema>, Jsonify<ApiRating>>>;

/** `GET /api/v1/ratings`: the newest `limit` ratings before `cursor`. */
export const ratingListQuerySchema = pageQuery();

/** The calls on satisfaction ratings. */
export const RATING_OPERATIONS = {
  listRatings: {
    method: "GET",
    path: "/api/v1/ratings",
    operationId: "listRatings",
    summary: "The organisation's satisfaction ratings, newest first, one page at a time.",
    scope: "ratings:read",
    query: ratingListQuerySchema,
    exampleQuery: { limit: "20" },
    response: page(apiRatingSchema),
  },
} as const satisfies Record<string, ApiOperation>;
