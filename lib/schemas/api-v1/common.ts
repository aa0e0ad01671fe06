import type { ApiTokenScope } from "../api-tokens";
import { pageLimit } from "../fields";
import { z } from "../zod";

// The public API (`/api/v1`): each call's path, scope, input and answer, written once, one file per
// resource. The route handlers take their scope and input schemas from here and the OpenAPI
// document is generated from here, so the document cannot say other than what a handler accepts.

// A time as the API writes it (Date#toJSON); documented by its format, not zod's pattern for it.
export const when = z
  .string()
  .meta({ format: "date-time", description: "ISO 8601, UTC", examples: ["2026-12-07T09:30:00.000Z"] });
export const whenOrNull = when.nullable();
export const named = z.object({ id: z.string(), name: z.string() });

/**
 * Names `schema` in the document and gives it one realistic example, what the reference page and
 * code generators show for it; the example is typed against the schema, so the two cannot drift.
 */
export function documented<T extends z.ZodType>(schema: T, id: string, example: z.output<T>): T {
  return schema.meta({ id, examples: [example] });
}

export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** `Assert<Equals<A, B>>` fails to compile unless the document's answer is the type the services write. */
export type Assert<T extends true> = T;

/** A list's paging query: `limit` (1 to 200, 50 unless asked) after `cursor`, the next_cursor of the page before. */
export const pageQuery = (cursorMax = 200) =>
  z.object({ limit: pageLimit(200, 50), cursor: z.string().max(cursorMax, "Invalid cursor").optional() });

/** One page of a list: its items and the cursor of the next page (null on the last). */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_cursor: z
      .string()
      .nullable()
      .meta({
        description: "Opaque: send it back as ?cursor= for the next page",
        examples: ["WyIyMDI2LTEyLTA3VDA5OjMwOjAwLjAwMFoiXQ"],
      }),
  });

export const apiErrorSchema = z
  .object({ error: z.string(), code: z.string().describe("Stable: what went wrong, for a program") })
  .meta({ id: "Error" });

export type ApiOperation = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** As OpenAPI writes it: `/api/v1/tickets/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  scope: ApiTokenScope;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
  /** A request body as a client would send it: the reference shows it and its `curl` line sends it. */
  example?: Record<string, unknown>;
  /** The query of the reference's `curl` line (a list's filters), when the call takes one. */
  exampleQuery?: Record<string, string>;
  /** A file upload (multipart/form-data) instead of a JSON body: its field and an example file name. */
  upload?: { field: string; example: string };
  /** The answer's type when it is not JSON (a CSV file): `response` is then a string with an example. */
  produces?: "text/csv";
};
