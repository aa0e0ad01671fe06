import type { ApiCustomer } from "@/lib/services/tickets/api-customers";
import type { Jsonify } from "../json";
import { z } from "../zod";
import { documented, page, pageQuery, when, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_CUSTOMER } from "./examples";

/** A customer: an address the organisation has had tickets from, with their ticket counts. */
export const apiCustomerSchema = documented(
  z.object({
    email: z.string(),
    name: z.string().describe("As on their latest ticket"),
    totalTickets: z.number().int(),
    openTickets: z.number().int(),
    firstContactAt: when.describe("When their first ticket came in"),
    lastActivityAt: when.describe("The last change to any of their tickets"),
  }),
  "Customer",
  {
    email: EXAMPLE_CUSTOMER.email,
    name: EXAMPLE_CUSTOMER.name,
    totalTickets: 7,
    openTickets: 1,
    firstContactAt: "2026-03-02T15:12:09.000Z",
    lastActivityAt: "2026-12-07T09:31:02.000Z",
  },
);

export type _ApiCustomerMatchesService = Assert<Equals<z.infer<typeof apiCustomerSchema>, Jsonify<ApiCustomer>>>;

/** `GET /api/v1/customers`: `limit` customers after `cursor` in address order, or the one with `email`. */
export const customerListQuerySchema = pageQuery(400).extend({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Email address is too long")
    .pipe(z.email("Please enter a valid email address"))
    .optional()
    .describe("Only the customer with this address (none when they have no ticket)"),
});

/** The calls on customers. */
export const CUSTOMER_OPERATIONS = {
  listCustomers: {
    method: "GET",
    path: "/api/v1/customers",
    operationId: "listCustomers",
    summary: "The organisation's customers in address order, one page at a time, or the one with an address.",
    scope: "customers:read",
    query: customerListQuerySchema,
    exampleQuery: { email: "casey@example.com" },
    response: page(apiCustomerSchema),
  },
} as const satisfies Record<string, ApiOperation>;
