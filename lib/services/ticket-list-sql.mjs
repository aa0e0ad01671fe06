// A row of the ticket list as the API writes it, built by PostgreSQL as JSON text. The page goes
// out as that text (lib/services/tickets.ts adds only the assignee's and tags' names), so the
// server never turns fifty rows of twenty columns into objects, dates and back into JSON (without
// that, the list serves about a sixth more requests). Plain JavaScript because the benchmark's raw server
// (bench/lib/hot-sql.mjs) selects the same text, so the app's share of the raw limit compares the
// same work.
import { iso } from "./ticket-pane-sql.mjs";

const column = (name) => `"Ticket"."${name}"`;

/** The ticket's fields as the API names them (see toTicketJson), and whether the customer spoke last. */
export const LIST_ITEM_JSON = `json_build_object(
  'id', ${column("id")}, 'ticketNumber', ${column("ticketNumber")}, 'subject', ${column("subject")},
  'description', ${column("description")}, 'priority', ${column("priority")}::text, 'status', ${column("status")}::text,
  'category', ${column("category")}, 'customerName', ${column("customerName")}, 'customerEmail', ${column("customerEmail")},
  'organizationId', ${column("organizationId")}, 'createdAt', ${iso(column("createdAt"))}, 'updatedAt', ${iso(column("updatedAt"))},
  'firstResponseDueAt', ${iso(column("firstResponseDueAt"))}, 'resolutionDueAt', ${iso(column("resolutionDueAt"))},
  'firstRespondedAt', ${iso(column("firstRespondedAt"))}, 'resolvedAt', ${iso(column("resolvedAt"))},
  'closedAt', ${iso(column("closedAt"))}, 'version', ${column("version")}, 'assignedTo', ${column("assignedToId")},
  'customerReplied', ${column("customerRepliedLast")})::text`;
