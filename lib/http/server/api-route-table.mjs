// Which route handler answers an API path, from the production build's list of App Router
// routes (.next/server/app-paths-manifest.json), with Next's precedence: at each segment a
// fixed name before a [dynamic] segment, a [...catch-all] last. The production server uses it
// to hand an API request straight to its handler (lib/http/server/api-router.mjs).

/**
 * The paths the table answers for: segments of plain URL characters. Anything else (a `%`
 * escape, an empty, `.` or `..` segment, a trailing slash) is left to Next, which decodes,
 * normalises or redirects it as it always has.
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[\w\-.~:@!$&'()*+,;=]+)+$/;

const newNode = () => ({ fixed: new Map(), dynamic: null, catchAll: null, file: null });

/**
 * @param {Record<string, string>} manifest page -> file, e.g. "/api/tickets/[id]/route" -> "app/api/tickets/[id]/route.js"
 * @returns {(pathname: string) => { file: string, params: Record<string, string | string[]> } | null}
 */
export function apiRouteTable(manifest) {
  const root = newNode();
  for (const [page, file] of Object.entries(manifest)) {
    if (!page.startsWith("/api/") || !page.endsWith("/route")) continue;
    // Route groups, "(name)", are folders that do not appear in the URL.
    const segments = page
      .slice(1, -"/route".length)
      .split("/")
      .filter((segment) => !/^\(.+\)$/.test(segment));
    insert(root, segments, file);
  }
  return (pathname) => (PLAIN_PATH.test(pathname) ? find(root, pathname.slice(1).split("/"), 0, {}) : null);
}

function insert(node, segments, file) {
  let at = node;
  for (const [index, segment] of segments.entries()) {
    const catchAll = /^\[(\[)?\.\.\.(.+?)\]?\]$/.exec(segment);
    if (catchAll) {
      // A catch-all is always the last segment of its route.
      if (index !== segments.length - 1) return;
      at.catchAll = { name: catchAll[2], optional: Boolean(catchAll[1]), file };
      return;
    }
    const dynamic = /^\[(.+)\]$/.exec(segment);
    if (dynamic) {
      at.dynamic ??= { name: dynamic[1], node: newNode() };
      at = at.dynamic.node;
    } else {
      if (!at.fixed.has(segment)) at.fixed.set(segment, newNode());
      at = at.fixed.get(segment);
    }
  }
  at.file = file;
}

function find(node, parts, index, params) {
  if (index === parts.length) {
    if (node.file) return { file: node.file, params };
    if (node.catchAll?.optional) return { file: node.catchAll.file, params: { ...params, [node.catchAll.name]: [] } };
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
    return { file: node.catchAll.file, params: { ...params, [node.catchAll.name]: parts.slice(index) } };
  return null;
}
