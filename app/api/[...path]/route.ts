import { notFound } from "@/lib/errors";
import { publicRoute } from "@/lib/http/server/route";

export const dynamic = "force-dynamic";

// Any method on /api/<no such route> - 404 { error } in JSON like every other API answer,
// not the HTML not-found page. Named routes always win over this catch-all.
const noSuchRoute = publicRoute({}, () => {
  throw notFound("No such API route");
});

export const GET = noSuchRoute;
export const POST = noSuchRoute;
export const PUT = noSuchRoute;
export const PATCH = noSuchRoute;
export const DELETE = noSuchRoute;
