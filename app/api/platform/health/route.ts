import { route } from "@/lib/http/server/route";
import { platformHealth } from "@/lib/services/organizations/platform";

// GET /api/platform/health - database reachability and latency, migration level, version and uptime (platform admins only).
export const GET = route({ permission: "platform.view" }, () => platformHealth());
