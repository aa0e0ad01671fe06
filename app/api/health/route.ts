import { apiRouteCounts } from "@/lib/http/server/api-route-counts.mjs";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { pingDatabase } from "@/lib/services/health";

export const dynamic = "force-dynamic";

// GET /api/health - 200 when the database answers, 503 otherwise (for load balancers). `routes`
// says how many API routes this server process answers itself and how many Next answers
// (scripts/serve.mjs counts them at boot): a route left to Next is slower, never broken.
export const GET = publicRoute({}, async () => {
  const routes = apiRouteCounts();
  try {
    await pingDatabase();
    return { status: "ok", routes };
  } catch {
    return json(
      { status: "unavailable", error: "Database unavailable", code: "service_unavailable", routes },
      { status: 503 },
    );
  }
});
