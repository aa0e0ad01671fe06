import type { RouteEntry } from "../route-types";

/** The knowledge base's routes for the team (/api/kb/...): who may call each. */
export const KB_ROUTES: RouteEntry[] = [];
