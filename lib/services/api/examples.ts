// Examples of the public API's calls, written from the OpenAPI document's own schemas: an answer
// (or a body no one wrote an example for) is built from each field's `examples`, enum or type,
// and every call's `curl` line from its method, path, query and body. Nothing here is written
// per call, so a call added to the registry has its examples the moment it is documented.

export type JsonSchema = Record<string, unknown>;

const EXAMPLE_TIME = "2026-12-07T09:30:00.000Z";

type Options = {
  /** A body shows the fields a client must send; an answer shows them all. */
  requiredOnly?: boolean;
  /** The named schemas already being written out: a schema that contains itself stops there. */
  seen?: string[];
};

/** A value `schema` accepts: its first example where it names one, else one of its type. */
export function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, options: Options = {}): unknown {
  const { seen = [] } = options;
  const ref = typeof schema.$ref === "string" ? schema.$ref.split("/").pop()! : null;
  if (ref)
    return seen.includes(ref) ? {} : exampleOf(components[ref] ?? {}, components, { ...options, seen: [...seen, ref] });
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  // A nullable field shows the value it holds when it holds one.
  if (choices) return exampleOf(choices.find((c) => c.type !== "null") ?? choices[0]!, components, options);
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => exampleOf(part, components, options)));
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
          .filter(([name]) => !options.requiredOnly || required.includes(name))
          .map(([name, property]) => [name, exampleOf(property, components, options)]),
      );
    }
    case "array":
      return [exampleOf((schema.items ?? {}) as JsonSchema, components, options)];
    case "integer":
    case "number":
      // zod writes the safe-integer bounds as every integer's minimum: 1 reads better.
      return typeof schema.minimum === "number" && schema.minimum > 1 ? schema.minimum : 1;
    case "boolean":
      return false;
    case "null":
      return null;
    case "string":
      if (schema.format === "date-time") return EXAMPLE_TIME;
      if (schema.format === "email") return "ada@example.com";
      if (schema.format === "uri") return "https://example.com/";
      return "string";
    default:
      return {};
  }
}

/** The `curl` line of a call, with a placeholder token and, for a call with a body, its JSON. */
export function curlOf({
  baseUrl,
  method,
  path,
  query,
  headers = {},
  body,
  files,
}: {
  baseUrl: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Form fields holding files (an upload), each with the name of a file to send. */
  files?: Record<string, string>;
}): string {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
  const lines = [
    `curl${method === "GET" ? "" : ` -X ${method}`} "${baseUrl}${path}${search}"`,
    `-H "Authorization: Bearer tkt_..."`,
    ...Object.entries(headers).map(([name, value]) => `-H "${name}: ${value}"`),
  ];
  if (body !== undefined)
    lines.push(`-H "Content-Type: application/json"`, `-d '${shellQuoted(JSON.stringify(body))}'`);
  for (const [field, file] of Object.entries(files ?? {})) lines.push(`-F '${shellQuoted(`${field}=@${file}`)}'`);
  return lines.join(" \\\n  ");
}

/** Text inside single quotes for a POSIX shell: a quote closes, is escaped and reopens. */
function shellQuoted(text: string) {
  return text.replaceAll("'", `'\\''`);
}
