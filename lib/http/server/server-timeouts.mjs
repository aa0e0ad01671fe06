// How long the production server's node:http server (scripts/serve.mjs) waits for a client, set
// on purpose instead of left at Node's defaults (60 s for a request's headers, 300 s for a whole
// request, checked every 30 s), which let a client that drips bytes hold a connection for minutes.

/**
 * A request's headers are a few hundred bytes that any client sends at once; one still
 * arriving after this long is being dripped to hold the connection. Node answers 408 and
 * closes it.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * An idle connection between two requests is closed after this long: a page's burst of calls
 * reuses one connection, and idle ones do not pile up (Node's own default, kept deliberately).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The options for `createServer`. */
export const serverTimeouts = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  // No fixed time for a whole request: bodies are held to the body deadlines instead
  // (body-deadline.mjs), which let a large upload on a slow line finish and cut a drip within
  // seconds; a fixed total would have to give up one or the other.
  requestTimeout: 0,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  // How often Node looks for connections past the header timeout: every second, so that the
  // timeout holds to the second instead of up to 30 s later.
  connectionsCheckingInterval: 1_000,
};
