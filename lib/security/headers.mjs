// Security headers. Plain JavaScript because next.config.mjs reads them too, and a config in
// TypeScript makes every server process load Next's compiler (SWC) into memory at start.

/**
 * Pages run scripts only with the per-request nonce; styles allow inline attributes because
 * Radix positions popovers with them.
 * @param {string} nonce
 * @param {boolean} isDev
 * @returns {string}
 */
export function contentSecurityPolicy(nonce, isDev) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${isDev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * @param {boolean} isProduction
 * @returns {Record<string, string>}
 */
export function securityHeaders(isProduction) {
  /** @type {Record<string, string>} */
  const headers = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (isProduction) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * Headers of every API response (next.config.mjs): API responses are data and may load
 * nothing at all, and nothing may frame them.
 * @param {boolean} isProduction
 * @returns {Record<string, string>}
 */
export function apiSecurityHeaders(isProduction) {
  return { "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'", ...securityHeaders(isProduction) };
}

/** Nothing in a download may load or run, even if a browser were to render it. */
export const DOWNLOAD_CSP = "default-src 'none'; sandbox";

/**
 * Which fixed headers an API answer gets, by path: next.config.mjs gives them to what Next
 * answers and the production server's API router (lib/http/server/api-router.mjs) to what it
 * answers, so both send the same. A later rule's header replaces an earlier one's.
 * @param {boolean} isProduction
 */
export function apiHeaderRules(isProduction) {
  return [
    { base: "/api", headers: apiSecurityHeaders(isProduction) },
    // Downloads keep their own, stricter policy.
    { base: "/api/attachments", headers: { "Content-Security-Policy": DOWNLOAD_CSP } },
  ];
}

/**
 * The headers of an API answer at `pathname` by those rules (a rule's base and everything below it).
 * @param {boolean} isProduction
 * @returns {(pathname: string) => Record<string, string>}
 */
export function apiHeaders(isProduction) {
  const rules = apiHeaderRules(isProduction);
  /** @type {(pathname: string, base: string) => boolean} */
  const under = (pathname, base) => pathname === base || pathname.startsWith(`${base}/`);
  // Few distinct combinations: each is built once, not per request.
  /** @type {Map<string, Record<string, string>>} */
  const built = new Map();
  return (pathname) => {
    let key = "";
    for (const rule of rules) if (under(pathname, rule.base)) key += `${rule.base} `;
    let headers = built.get(key);
    if (!headers) {
      /** @type {Record<string, string>} */
      const combined = Object.assign(
        {},
        ...rules.filter((rule) => under(pathname, rule.base)).map((rule) => rule.headers),
      );
      built.set(key, (headers = combined));
    }
    return headers;
  };
}
