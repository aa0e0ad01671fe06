// The one place that depends on how Next's production build lays out a compiled API route: a
// route.js under <distDir>/server/app/<route folder>, whose `routeModule` holds the route's
// exports once `ensureUserland()` has run. Nothing about it is a public Next interface, so a
// Next upgrade may change it; when it does, this throws for every route, and the production
// server says so at boot (api-router.mjs), /api/health counts the routes left to Next, and the
// end-to-end test tests/e2e/api-router.spec.ts fails.
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * The exports (GET, POST, ...) of the API route in `route` ("/api/tickets/[id]") as the
 * production build in `distDir` compiled them.
 * @param {string} distDir
 * @param {string} route
 * @returns {Promise<Record<string, unknown>>}
 */
export async function loadCompiledRoute(distDir, route) {
  const { routeModule } = require(join(distDir, "server", `app${route}`, "route.js"));
  if (typeof routeModule?.ensureUserland !== "function")
    throw new Error("the compiled route.js has no routeModule.ensureUserland()");
  await routeModule.ensureUserland();
  const { userland } = routeModule;
  if (typeof userland !== "object" || userland === null)
    throw new Error("the compiled route.js has no routeModule.userland");
  return userland;
}
