import { route } from "@/lib/http/server/route";
import { tagSearchQuerySchema } from "@/lib/schemas/tags";
import { searchTags } from "@/lib/services/tickets/tags";

// GET /api/tags?q=&limit= - the organisation's tags starting with q, any case (the tag typeahead; staff only, throttled).
export const GET = route({ permission: "tickets.tags", query: tagSearchQuerySchema }, ({ user, query }) =>
  searchTags(user, query),
);
