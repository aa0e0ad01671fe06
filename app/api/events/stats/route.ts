import { route } from "@/lib/http/server/route";
import { liveStats } from "@/lib/services/live";

// GET /api/events/stats - this instance's open streams and memory (platform admins only).
export const GET = route({ permission: "platform.view" }, () => liveStats());
