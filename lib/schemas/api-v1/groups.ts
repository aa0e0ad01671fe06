import { z } from "../zod";
import { GROUP_ASSIGNMENTS, type Group } from "../groups";
import type { Jsonify } from "../json";
import { documented, page, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_GROUP, EXAMPLE_IDS } from "./examples";

/** A group of agents: its members and how its new tickets are shared out among them. */
export const apiGroupSchema = documented(
  z.object({
    id: z.string(),
    name: z.string(),
    memberIds: z.array(z.string()).describe("The members' user ids"),
    assignment: z
      .enum(GROUP_ASSIGNMENTS)
      .describe(
        "manual: nobody is chosen; round_robin: members in turn; balanced: the member with fewest open tickets",
      ),
    maxOpenPerAgent: z
      .number()
      .int()
      .nullable()
      .describe("Open tickets a member may hold before automatic assignment passes them by (null: no cap)"),
  }),
  "Group",
  {
    ...EXAMPLE_GROUP,
    memberIds: [EXAMPLE_IDS.agent],
    assignment: "round_robin",
    maxOpenPerAgent: 15,
  },
);

export type _ApiGroupMatchesService = Assert<Equals<z.infer<typeof apiGroupSchema>, Jsonify<Group>>>;

/** The calls on groups. */
export const GROUP_OPERATIONS = {
  listGroups: {
    method: "GET",
    path: "/api/v1/groups",
    operationId: "listGroups",
    summary: "All the organisation's groups of agents by name, with their members, in one page.",
    scope: "groups:read",
    response: page(apiGroupSchema),
  },
} as const satisfies Record<string, ApiOperation>;
