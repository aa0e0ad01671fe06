import type { ApiOperation } from "./common";
import { CUSTOMER_OPERATIONS } from "./customers";
import { GROUP_OPERATIONS } from "./groups";
import { MACRO_OPERATIONS } from "./macros";
import { RATING_OPERATIONS } from "./ratings";
import { RELATION_OPERATIONS } from "./relations";
import { REPLY_OPERATIONS } from "./replies";
import { REPORT_OPERATIONS } from "./reports";
import { TAG_OPERATIONS } from "./tags";
import { TICKET_OPERATIONS } from "./tickets";
import { USER_OPERATIONS } from "./users";

export { apiErrorSchema, type ApiOperation } from "./common";

/** Every call of the public API, by its operation id: the routes and the OpenAPI document read them here. */
export const API_V1 = {
  ...TICKET_OPERATIONS,
  ...REPLY_OPERATIONS,
  ...RELATION_OPERATIONS,
  ...USER_OPERATIONS,
  ...CUSTOMER_OPERATIONS,
  ...TAG_OPERATIONS,
  ...GROUP_OPERATIONS,
  ...MACRO_OPERATIONS,
  ...RATING_OPERATIONS,
  ...REPORT_OPERATIONS,
} as const satisfies Record<string, ApiOperation>;
