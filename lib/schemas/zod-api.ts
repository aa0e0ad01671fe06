// The part of zod that Ticketry's schemas use, as named exports. Re-exporting zod's whole `z`
// namespace made the browser bundle carry every zod locale and JSON-schema converter on each
// page with a form: the bundler keeps a namespace object whole, but drops
// the named exports nobody imports. Add a name here when a schema needs it.
export {
  array,
  boolean,
  coerce,
  email,
  enum,
  literal,
  NEVER,
  number,
  object,
  record,
  string,
  union,
  unknown,
  ZodString,
  ZodType,
} from "zod";
export type { infer, input, output, RefinementCtx, ZodObject } from "zod";
