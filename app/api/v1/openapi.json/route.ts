import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { openApiDocument } from "@/lib/services/api/openapi";

let document: ReturnType<typeof openApiDocument> | undefined;

// GET /api/v1/openapi.json - the public API's OpenAPI 3.1 description (anyone may read it).
export const GET = publicRoute({}, () => json((document ??= openApiDocument())));
