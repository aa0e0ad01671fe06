import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { pingDatabase } from "@/lib/services/health";

export const dynamic = "force-dynamic";

// GET /api/health - 200 when the database answers, 503 otherwise (for load balancers).
export const GET = publicRoute({}, async () => {
  try {
    await pingDatabase();
    return { status: "ok" };
  } catch {
    return json({ status: "unavailable", error: "Database unavailable", code: "service_unavailable" }, { status: 503 });
  }
});
