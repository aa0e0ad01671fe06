import type { ErrorCode } from "@/lib/errors";

/**
 * The HTTP status of every error code, in one place. A limit on tickets refuses the action
 * (403) while seats and support addresses clash with what the organisation already holds
 * (409), as the API has always answered (so do macros, like support addresses); a closed ticket is a valid request the ticket's
 * state forbids (409), as is a satisfaction rating past its change window; a link that has
 * lapsed is gone for good (410), unlike one that never existed (404).
 */
export const STATUS_OF: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  // The password was right; sign-in waits for the second factor's code (or a wrong one came).
  two_factor_required: 401,
  invalid_code: 401,
  // A passkey's answer that does not verify (wrong challenge or origin, unknown key, no user verification, a counter gone back).
  invalid_passkey: 401,
  // The organisation requires two-factor and this session's user has none yet: only enrolment answers.
  two_factor_enrolment_required: 403,
  // The organisation signs this person in through its identity provider only: the password is not the way in.
  sso_required: 403,
  // No organisation's single sign-on covers the email's domain.
  sso_not_configured: 404,
  forbidden: 403,
  cross_site_rejected: 403,
  // An API token without the scope the call needs: the token may not, whoever holds it.
  insufficient_scope: 403,
  ticket_limit_reached: 403,
  not_found: 404,
  conflict: 409,
  ticket_closed: 409,
  stale_version: 409,
  // An Idempotency-Key sent again with another request: the request is understood, the key is spent.
  idempotency_key_reused: 422,
  // The first request with this Idempotency-Key is still running: try again shortly.
  idempotency_in_progress: 409,
  rating_locked: 409,
  link_expired: 410,
  seat_limit_reached: 409,
  support_email_limit_reached: 409,
  macro_limit_reached: 409,
  automation_limit_reached: 409,
  // Like tickets: past the plan's policies a new one is refused until the organisation upgrades.
  sla_policy_limit_reached: 403,
  // A feature the organisation's plan does not include: refused until it upgrades.
  plan_required: 403,
  // A ticket's or an organisation's tags are full: a clash with what it already holds.
  tag_limit_reached: 409,
  // A merge of tickets of different customers waits for the agent to confirm it.
  different_customers: 409,
  payload_too_large: 413,
  // Answered by the production server itself (lib/http/server/request-lanes.mjs and
  // body-deadline.mjs) before a route sees the request: a body of unknown length where one is
  // needed, and a body that came too slowly.
  length_required: 411,
  request_timeout: 408,
  unsupported_media_type: 415,
  rate_limited: 429,
  too_many_streams: 429,
  internal: 500,
  service_unavailable: 503,
};
