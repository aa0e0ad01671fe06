// An API answer whose body is a text the route already holds carries that text under this key,
// so the production server's API router (api-router.mjs) writes it as it is instead of reading
// the Response's body back out of a web stream. Symbol.for: the route's build and the server
// script are separate copies of this module and must name the same key.
export const BODY_TEXT = Symbol.for("ticketry.response-body-text");
