import type { ApiOperation } from "./common";
import { REPLY_OPERATIONS } from "./replies";
import { TICKET_OPERATIONS } from "./tickets";

export { apiErrorSchema, type ApiOperation } from "./common";

/** Every call of the public API, by its operation id: the routes and the OpenAPI document read them here. */
export const API_V1 = {
  ...TICKET_OPERATIONS,
  ...REPLY_OPERATIONS,
} as const satisfies Record<string, ApiOperation>;
