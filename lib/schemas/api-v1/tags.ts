import { z } from "../zod";
import type { Jsonify } from "../json";
import type { Tag } from "../tags";
import { documented, page, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_IDS } from "./examples";

export const apiTagSchema = documented(z.object({ id: z.string(), name: z.string() }), "Tag", {
  id: EXAMPLE_IDS.tag,
  name: "billing",
});

export type _ApiTagMatchesService = Assert<Equals<z.infer<typeof apiTagSchema>, Jsonify<Tag>>>;

/** The calls on tags. */
export const TAG_OPERATIONS = {
  listTags: {
    method: "GET",
    path: "/api/v1/tags",
    operationId: "listTags",
    summary: "All the organisation's tags alphabetically, in one page (an organisation has at most 1,000).",
    scope: "tags:read",
    response: page(apiTagSchema),
  },
} as const satisfies Record<string, ApiOperation>;
