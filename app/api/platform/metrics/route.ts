import { route } from "@/lib/http/server/route";
import { platformMetrics } from "@/lib/services/organizations/platform";

// GET /api/platform/metrics - counts across every organisation (platform admins only).
export const GET = route({ permission: "platform.view" }, () => platformMetrics());
