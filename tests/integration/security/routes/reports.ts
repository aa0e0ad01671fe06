import { ROLES, type RouteEntry } from "../route-types";

// Reports: staff read them (an admin the organisation's, an agent their own tickets'), customers never.
const range = { from: "2026-11-01", to: "2026-11-30" };
export const REPORT_ROUTES: RouteEntry[] = [
  { route: "/api/reports/summary", method: "GET", access: ROLES.staff, call: () => ({ query: range }) },
  { route: "/api/reports/series", method: "GET", access: ROLES.staff, call: () => ({ query: range }) },
  {
    route: "/api/reports/breakdown",
    method: "GET",
    access: ROLES.staff,
    call: () => ({ query: { ...range, by: "group" } }),
  },
  { route: "/api/reports/heatmap", method: "GET", access: ROLES.staff, call: () => ({ query: range }) },
  { route: "/api/reports/tickets.csv", method: "GET", access: ROLES.staff, call: () => ({ query: range }) },
  {
    route: "/api/v1/reports/tickets.csv",
    method: "GET",
    access: "api-token",
    scope: "tickets:read",
    call: () => ({ query: range }),
  },
];
