import { route } from "@/lib/http/server/route";
import { listRevisions } from "@/lib/services/kb/revisions";

// GET /api/kb/articles/{id}/revisions - every saved version of an article, newest first (staff).
export const GET = route({ permission: "kb.read" }, ({ user, params }) => listRevisions(user, params.id!));
