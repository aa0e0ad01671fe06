import { route } from "@/lib/http/server/route";
import { restoreRevision } from "@/lib/services/kb/revisions";

// POST /api/kb/articles/{id}/revisions/{revisionId}/restore - save an earlier version again as a new revision (staff).
export const POST = route({ permission: "kb.write" }, ({ user, params }) =>
  restoreRevision(user, params.id!, params.revisionId!),
);
