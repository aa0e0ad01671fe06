// Which API route answers a path, from the app's route folders (api-route-files.mjs), with
// Next's precedence: at each segment a fixed name before a [dynamic] segment, a [...catch-all]
// last. The production server uses it to hand an API request straight to its handler
// (lib/http/server/api-router.mjs).

/**
 * The paths the table answers for: segments of plain URL characters. Anything else (a `%`
 * escape, an empty, `.` or `..` segment, a trailing slash) is left to Next, which decodes,
 * normalises or redirects it as it always has.
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[\w\-.~:@!$&'()*+,;=]+)+$/;

/** @typedef {{ route: string, params: Record<string, string | string[]> }} RouteMatch */
/** @typedef {{ name: string, optional: boolean, route: string }} CatchAll */
/**
 * @typedef {{
 *   fixed: Map<string, RouteNode>,
 *   dynamic: { name: string, node: RouteNode } | null,
 *   catchAll: CatchAll | null,
 *   route: string | null,
 * }} RouteNode
 */

/** @returns {RouteNode} */
const newNode = () => ({ fixed: new Map(), dynamic: null, catchAll: null, route: null });

/**
 * @param {readonly string[]} routes route folders from the app folder, e.g. "/api/tickets/[id]"
 * @returns {(pathname: string) => RouteMatch | null} the folder that answers `pathname`, with its params
 */
export function apiRouteTable(routes) {
  const root = newNode();
  for (const route of routes) {
    if (!route.startsWith("/api/")) continue;
    // Route groups, "(name)", are folders that do not appear in the URL.
    const segments = route
      .slice(1)
      .split("/")
      .filter((segment) => !/^\(.+\)$/.test(segment));
    insert(root, segments, route);
  }
  return (pathname) => (PLAIN_PATH.test(pathname) ? find(root, pathname.slice(1).split("/"), 0, {}) : null);
}

/**
 * @param {RouteNode} node
 * @param {string[]} segments
 * @param {string} route
 */
function insert(node, segments, route) {
  let at = node;
  for (const [index, segment] of segments.entries()) {
    const catchAll = /^\[(\[)?\.\.\.(.+?)\]?\]$/.exec(segment);
    if (catchAll) {
      // A catch-all is always the last segment of its route.
      if (index !== segments.length - 1) return;
      at.catchAll = { name: catchAll[2], optional: Boolean(catchAll[1]), route };
      return;
    }
    const dynamic = /^\[(.+)\]$/.exec(segment);
    if (dynamic) {
      at.dynamic ??= { name: dynamic[1], node: newNode() };
      at = at.dynamic.node;
    } else {
      let next = at.fixed.get(segment);
      if (!next) at.fixed.set(segment, (next = newNode()));
      at = next;
    }
  }
  at.route = route;
}

/**
 * @param {RouteNode} node
 * @param {string[]} parts
 * @param {number} index
 * @param {Record<string, string | string[]>} params
 * @returns {RouteMatch | null}
 */
function find(node, parts, index, params) {
  if (index === parts.length) {
    if (node.route) return { route: node.route, params };
    if (node.catchAll?.optional) return { route: node.catchAll.route, params: { ...params, [node.catchAll.name]: [] } };
    return null;
  }
  const part = parts[index];
  const fixed = node.fixed.get(part);
  const viaFixed = fixed && find(fixed, parts, index + 1, params);
  if (viaFixed) return viaFixed;
  const viaDynamic =
    node.dynamic && find(node.dynamic.node, parts, index + 1, { ...params, [node.dynamic.name]: part });
  if (viaDynamic) return viaDynamic;
  if (node.catchAll)
    return { route: node.catchAll.route, params: { ...params, [node.catchAll.name]: parts.slice(index) } };
  return null;
}
