// The API routes of this app, read from the source tree: every app/api/**/route.ts (or .js) is
// one route, named by its folder ("/api/tickets/[id]"). The production server builds its route
// table from this list at boot rather than from Next's build manifest, whose shape is Next's to
// change; the security tests walk the same folder (tests/integration/security/discover.ts).
import { readdirSync } from "node:fs";
import { join, sep } from "node:path";

const ROUTE_FILE = /^route\.(?:ts|tsx|js|mjs)$/;

/**
 * The folder of every API route under `appDir`, as a path from the app folder with forward
 * slashes ("/api/tickets/[id]"), sorted.
 * @param {string} appDir the app folder (app/ of the checkout)
 * @returns {string[]}
 */
export function apiRouteFolders(appDir) {
  /** @type {string[]} */
  const found = [];
  for (const entry of /** @type {string[]} */ (readdirSync(join(appDir, "api"), { recursive: true }))) {
    const parts = entry.split(sep);
    if (ROUTE_FILE.test(parts.at(-1) ?? "")) found.push(["", "api", ...parts.slice(0, -1)].join("/"));
  }
  return found.sort();
}
