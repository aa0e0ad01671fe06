import "server-only";
import { toJSONSchema, type ZodType } from "zod";
import { API_V1, apiErrorSchema, type ApiOperation } from "@/lib/schemas/api-v1";
import { STATUS_OF } from "@/lib/http/server/status";
import { siteUrl } from "@/lib/site/seo";
import { idempotencyKeyParameter } from "@/lib/schemas/api-v1/idempotency";
import { curlOf, exampleOf } from "./examples";

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI 3.1 description of the public API, generated from the schemas the routes validate
 * with (lib/schemas/api-v1.ts). A schema named with `.meta({ id })` becomes one component the
 * calls refer to.
 */
export function openApiDocument(): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  /** The JSON Schema of `schema`, its named parts moved to the components. */
  const schemaOf = (schema: ZodType, io: "input" | "output"): JsonSchema => {
    const {
      $defs,
      $schema: _,
      ...json
    } = toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      // An answer may gain fields in a later release: its objects are not closed to them.
      override: ({ jsonSchema }) => {
        if (io === "output") delete jsonSchema.additionalProperties;
      },
    }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    for (const [id, def] of Object.entries($defs ?? {})) components[id] = toComponentRefs(def);
    return toComponentRefs(json);
  };
  const error = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  schemaOf(apiErrorSchema, "output");

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of Object.values(API_V1) as ApiOperation[]) {
    const body = op.body && schemaOf(op.body, "input");
    const answer = schemaOf(op.response, "output");
    // A body no one wrote an example for is shown as its schema's own example.
    const bodyExample = op.example ?? (body && exampleOf(body, components, { requiredOnly: true }));
    const parameters = [
      ...pathParameters(op.path),
      ...queryParameters(op.query, schemaOf),
      ...(op.method === "POST" ? [idempotencyKeyParameter] : []),
    ];
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      description: `Needs a token with the \`${op.scope}\` scope.`,
      "x-scope": op.scope,
      security: [{ apiToken: [] }],
      parameters,
      ...(body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: body, examples: { example: { value: bodyExample } } } },
        },
      }),
      // A file goes as a form's field, as a browser's file input sends it.
      ...(op.upload && {
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: [op.upload.field],
                properties: {
                  [op.upload.field]: { type: "string", format: "binary", description: "The file, with its name" },
                },
              },
            },
          },
        },
      }),
      "x-codeSamples": [
        {
          lang: "curl",
          label: "curl",
          source: curlOf({
            baseUrl: siteUrl(),
            method: op.method,
            path: op.path,
            query: op.exampleQuery,
            // A header the document gives an example of is sent, as a careful client would.
            headers: Object.fromEntries(
              parameters.flatMap((p) => (p.in === "header" && "example" in p ? [[p.name, String(p.example)]] : [])),
            ),
            body: bodyExample,
            ...(op.upload && { files: { [op.upload.field]: op.upload.example } }),
          }),
        },
      ],
      responses: {
        [String(op.status ?? 200)]: {
          description: "OK",
          content: { [op.produces ?? "application/json"]: { schema: answer, example: exampleOf(answer, components) } },
        },
        [STATUS_OF.validation_failed]: error("The input was refused: `error` says which field and why."),
        [STATUS_OF.unauthorized]: error("No token, or one that is unknown, revoked or expired."),
        [STATUS_OF.insufficient_scope]: error(
          "The token lacks the scope (`insufficient_scope`), or the plan has no API (`plan_required`).",
        ),
        ...(op.path.includes("{") && { [STATUS_OF.not_found]: error("No such record in the organisation.") }),
        [STATUS_OF.rate_limited]: error("The token used its requests for the minute: wait for Retry-After."),
        ...(op.method === "POST" && {
          [STATUS_OF.idempotency_key_reused]: error("The Idempotency-Key was sent before with another request."),
        }),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Ticketry API",
      version: "1",
      description:
        "Read and change your organisation's tickets from other tools. Every call carries an API token (Settings > API) as `Authorization: Bearer tkt_...`; each token has a budget of requests a minute, told in the `RateLimit-Policy` and `RateLimit` headers. Lists are paged with `cursor`: each page names the next in `next_cursor` and a `Link` header. Times are ISO 8601 in UTC.",
    },
    servers: [{ url: siteUrl() }],
    components: {
      securitySchemes: { apiToken: { type: "http", scheme: "bearer", description: "An API token, tkt_..." } },
      schemas: components,
    },
    paths,
  };
}

/** Refs to `#/$defs/X` (as zod writes them for a named part) as refs to the document's components. */
function toComponentRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function queryParameters(query: ApiOperation["query"], schemaOf: (schema: ZodType, io: "input") => JsonSchema) {
  if (!query) return [];
  const { properties = {}, required = [] } = schemaOf(query, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.includes(name),
    schema,
  }));
}
