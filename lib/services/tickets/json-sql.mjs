// A ticket as the API writes it, built by PostgreSQL: the ticket pane's statement and the list use
// the same fields, and the list's rows go out as the text PostgreSQL wrote (lib/services/tickets/list.ts
// adds only the assignee's and tags' names), so the server never turns fifty rows of twenty columns
// into objects, dates and back into JSON (without that, the list serves about a sixth more
// requests). Plain JavaScript because the benchmark's raw server (bench/lib/hot-sql.mjs) selects
// the same text, so the app's share of the raw limit compares the same work.

/**
 * A timestamp as the API writes dates (Date#toJSON): UTC, milliseconds, "Z".
 * @param {string} column
 */
export const iso = (column) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The ticket's fields as the API names them (toTicketJson's), each with the SQL that reads it
 * from the table or alias `from`.
 * @param {string} from
 * @returns {[string, string][]}
 */
function ticketFieldList(from) {
  const column = (/** @type {string} */ name) => `${from}."${name}"`;
  return [
    ["id", column("id")],
    ["organizationId", column("organizationId")],
    ["ticketNumber", column("ticketNumber")],
    ["subject", column("subject")],
    ["description", column("description")],
    ["priority", `${column("priority")}::text`],
    ["status", `${column("status")}::text`],
    ["category", column("category")],
    ["customerName", column("customerName")],
    ["customerEmail", column("customerEmail")],
    ["assignedTo", column("assignedToId")],
    ["firstResponseDueAt", iso(column("firstResponseDueAt"))],
    ["nextResponseDueAt", iso(column("nextResponseDueAt"))],
    ["resolutionDueAt", iso(column("resolutionDueAt"))],
    ["slaRiskAt", iso(column("slaRiskAt"))],
    ["slaPaused", `${column("status")} = 'pending'`],
    ["slaPolicy", ticketSlaPolicy(from)],
    ["firstRespondedAt", iso(column("firstRespondedAt"))],
    ["resolvedAt", iso(column("resolvedAt"))],
    ["closedAt", iso(column("closedAt"))],
    ["createdAt", iso(column("createdAt"))],
    ["updatedAt", iso(column("updatedAt"))],
    ["version", column("version")],
    ["cc", column("cc")],
    ["customFields", column("customFields")],
  ];
}

/**
 * The ticket's fields as `json_build_object` arguments over the table or alias `from`.
 * @param {string} from
 */
export const ticketFields = (from) =>
  ticketFieldList(from)
    .map(([name, sql]) => `'${name}', ${sql}`)
    .join(", ");

/**
 * The SLA policy whose targets apply as `{ id, name }`, null for the default targets: looked up
 * by its key, and only for a ticket under a policy.
 * @param {string} from
 */
const ticketSlaPolicy = (from) =>
  `CASE WHEN ${from}."slaPolicyId" IS NULL THEN NULL ELSE (SELECT json_build_object('id', p."id", 'name', p."name")
    FROM "SlaPolicy" p WHERE p."id" = ${from}."slaPolicyId") END`;

/**
 * The ticket's group as `{ id, name }`, null when it is in none: looked up by its key, and only
 * for a ticket in a group. Staff read it (a team's groups are its own business, like tags).
 * @param {string} from
 */
export const ticketGroup = (from) =>
  `CASE WHEN ${from}."groupId" IS NULL THEN NULL ELSE (SELECT json_build_object('id', g."id", 'name', g."name")
    FROM "Group" g WHERE g."id" = ${from}."groupId") END`;

/**
 * A list row: the ticket's fields and whether the customer spoke last, as JSON text. Built by
 * row_to_json, which writes no spaces where json_build_object writes " : " and ", ": fewer bytes
 * for every page to send, and less work for PostgreSQL too (docs/benchmarks.md).
 */
const listItemJson = (/** @type {[string, string][]} */ fields) =>
  `(SELECT row_to_json(j) FROM (SELECT ${[...fields, ["customerReplied", `"Ticket"."customerRepliedLast"`]]
    .map(([name, sql]) => `${sql} AS "${name}"`)
    .join(", ")}) j)::text`;
export const LIST_ITEM_JSON = listItemJson(ticketFieldList(`"Ticket"`));

/**
 * The values of the fields the team shows customers, out of the ticket's (table or alias
 * `from`): what a customer's own list carries (lib/services/fields/customer-values.ts).
 * @param {string} from
 */
export const customerVisibleFields = (from) =>
  `(SELECT COALESCE(jsonb_object_agg(f."key", ${from}."customFields" -> f."key"), '{}'::jsonb) FROM "CustomField" f
    WHERE f."organizationId" = ${from}."organizationId" AND f."customerVisible" AND (${from}."customFields" -> f."key") IS NOT NULL)`;

/** A customer's list row: the same, its custom fields only those shown to customers. */
export const CUSTOMER_LIST_ITEM_JSON = listItemJson(
  ticketFieldList(`"Ticket"`).map(([name, sql]) =>
    name === "customFields" ? [name, customerVisibleFields(`"Ticket"`)] : [name, sql],
  ),
);
