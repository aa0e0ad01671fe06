// Security headers. Plain JavaScript because next.config.mjs reads them too, and a config in
// TypeScript makes every server process load Next's compiler (SWC, about 28 MB each) at start.

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
