// Idempotency-Key on the public API's POSTs (lib/services/api/idempotency.ts does the work): the
// rule a key follows and how the document describes the header, written once.

/** 1 to 255 printable ASCII characters: a UUID, or an integration's own id for what it sends. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_RULE = "Idempotency-Key must be 1 to 255 printable ASCII characters";

/** The header as an OpenAPI parameter of every POST. */
export const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Sent again with the same request within 24 hours, the first answer is returned (with `Idempotent-Replayed: true`) and nothing is done again. The same key with another request is a 422 (`idempotency_key_reused`); while the first request with it runs, a 409 (`idempotency_in_progress`) with Retry-After.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
  example: "crm-sync-order-4521",
};
