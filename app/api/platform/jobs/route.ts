import { route } from "@/lib/http/server/route";
import { jobQueueHealth } from "@/lib/services/job-queue";

// GET /api/platform/jobs - the job queue per kind (queued, running, failed, dead, oldest wait) and the dead jobs (platform admins only).
export const GET = route({ permission: "platform.view" }, () => jobQueueHealth());
