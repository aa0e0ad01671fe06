import { route } from "@/lib/http/server/route";
import { retryJob } from "@/lib/services/job-queue";

// POST /api/platform/jobs/{id}/retry - run a dead job again with a fresh set of attempts (platform admins only).
export const POST = route({ permission: "jobs.retry" }, ({ params }) => retryJob(params.id!));
