import type { RouteEntry } from "../route-types";

/** The public help center's routes (/api/help/...): who may call each. */
export const HELP_CENTER_ROUTES: RouteEntry[] = [];
