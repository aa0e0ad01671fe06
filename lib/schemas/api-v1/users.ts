import type { ApiUser } from "@/lib/services/users/api-users";
import { SEAT_ROLES } from "@/lib/permissions/rules";
import type { Jsonify } from "../json";
import { z } from "../zod";
import { documented, page, pageQuery, when, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_AGENT, EXAMPLE_IDS } from "./examples";

/** A member of the team (an agent or admin) as the API returns them. */
export const apiUserSchema = documented(
  z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    role: z.enum(SEAT_ROLES),
    isActive: z.boolean().describe("False for a deactivated member, who can no longer sign in"),
    availability: z.enum(["available", "away"]).describe("Whether automatic assignment may give them new tickets now"),
    groupIds: z.array(z.string()).describe("The groups they belong to"),
    createdAt: when,
  }),
  "User",
  {
    id: EXAMPLE_IDS.agent,
    fullName: EXAMPLE_AGENT.fullName,
    email: EXAMPLE_AGENT.email,
    role: "agent",
    isActive: true,
    availability: "available",
    groupIds: [EXAMPLE_IDS.group],
    createdAt: "2026-09-14T08:00:00.000Z",
  },
);

export type _ApiUserMatchesService = Assert<Equals<z.infer<typeof apiUserSchema>, Jsonify<ApiUser>>>;

/** `GET /api/v1/users`: the newest `limit` members before `cursor`. */
export const userListQuerySchema = pageQuery();

/** The calls on the team. */
export const USER_OPERATIONS = {
  listUsers: {
    method: "GET",
    path: "/api/v1/users",
    operationId: "listUsers",
    summary: "The organisation's team (agents and admins), newest first, one page at a time.",
    scope: "users:read",
    query: userListQuerySchema,
    response: page(apiUserSchema),
  },
  getUser: {
    method: "GET",
    path: "/api/v1/users/{id}",
    operationId: "getUser",
    summary: "One member of the team by id (anyone else is a 404).",
    scope: "users:read",
    response: apiUserSchema,
  },
} as const satisfies Record<string, ApiOperation>;
