import type { JsonSchema } from "./examples";

// The API reference page's reading of the OpenAPI document: its calls grouped by resource, each
// with its parameters, body and answer as lists of fields, its examples and its errors; and the
// named schemas the fields point to. The page shows only what the document says.

export type FieldType = { text: string; ref?: string };
export type Field = { name: string; type: FieldType; required: boolean; description?: string; values?: string[] };
export type ReferenceCall = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: (Field & { in: string })[];
  /** `form`: sent as multipart/form-data (a file), not JSON. */
  body?: { type: FieldType; fields: Field[]; example: unknown; form?: boolean };
  answer: { status: string; type: FieldType; fields: Field[]; example: unknown };
  errors: { status: string; description: string }[];
  curl: string;
};
export type ApiReference = {
  title: string;
  description: string;
  groups: { name: string; calls: ReferenceCall[] }[];
  schemas: { id: string; description?: string; fields: Field[] }[];
};

type Media = { schema: JsonSchema; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
  "x-codeSamples": { lang: string; source: string }[];
};
type Document = {
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

export function apiReference(document: Record<string, unknown>): ApiReference {
  const doc = document as Document;
  const components = doc.components.schemas;
  const groups = new Map<string, ReferenceCall[]>();
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations)) {
      // `/api/v1/tickets/{id}/replies` belongs to tickets.
      const group = path.split("/")[3]!;
      const [status, answer] = Object.entries(op.responses).find(([code]) => code.startsWith("2"))!;
      // JSON, or the one other type a call answers with (a CSV file).
      const answerMedia = Object.values(answer.content!)[0]!;
      const bodyMedia = op.requestBody?.content["application/json"] ?? op.requestBody?.content["multipart/form-data"];
      groups.set(group, [
        ...(groups.get(group) ?? []),
        {
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          summary: op.summary,
          description: op.description,
          parameters: op.parameters.map((p) => ({
            ...fieldOf(p.name, p.description ? { ...p.schema, description: p.description } : p.schema, p.required),
            in: p.in,
          })),
          ...(bodyMedia && {
            body: {
              type: typeOf(bodyMedia.schema),
              fields: fieldsOf(bodyMedia.schema, components),
              example: Object.values(bodyMedia.examples ?? {})[0]?.value,
              ...(!op.requestBody?.content["application/json"] && { form: true }),
            },
          }),
          answer: {
            status,
            type: typeOf(answerMedia.schema),
            fields: fieldsOf(answerMedia.schema, components),
            example: answerMedia.example,
          },
          errors: Object.entries(op.responses)
            .filter(([code]) => !code.startsWith("2"))
            .map(([code, { description }]) => ({ status: code, description })),
          curl: op["x-codeSamples"].find((sample) => sample.lang === "curl")?.source ?? "",
        },
      ]);
    }
  return {
    title: doc.info.title,
    description: doc.info.description,
    groups: [...groups].map(([name, calls]) => ({ name: name.charAt(0).toUpperCase() + name.slice(1), calls })),
    schemas: Object.entries(components).map(([id, schema]) => ({
      id,
      ...(typeof schema.description === "string" && { description: schema.description }),
      fields: fieldsOf(schema, components),
    })),
  };
}

/** The fields of an object schema (a named one is looked up); none for anything else. */
function fieldsOf(schema: JsonSchema, components: Record<string, JsonSchema>): Field[] {
  const ref = refOf(schema);
  const object = ref ? (components[ref] ?? {}) : schema;
  const required = (object.required ?? []) as string[];
  return Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) =>
    fieldOf(name, property, required.includes(name)),
  );
}

function fieldOf(name: string, schema: JsonSchema, required: boolean): Field {
  const values = enumOf(schema);
  return {
    name,
    type: typeOf(schema),
    required,
    ...(typeof schema.description === "string" && { description: schema.description }),
    ...(values && { values }),
  };
}

/** How the page names a schema's type: `string`, `Ticket` (a link), `array of Ticket`, `... or null`. */
function typeOf(schema: JsonSchema): FieldType {
  const ref = refOf(schema);
  if (ref) return { text: ref, ref };
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) {
    const types = choices.map(typeOf);
    return { text: types.map((t) => t.text).join(" or "), ...(types.find((t) => t.ref) ?? {}) };
  }
  if (schema.type === "array") {
    const item = typeOf((schema.items ?? {}) as JsonSchema);
    return { ...item, text: `array of ${item.text}` };
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : String(schema.type ?? "any");
  return { text: typeof schema.format === "string" ? `${type} (${schema.format})` : type };
}

function enumOf(schema: JsonSchema): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return choices?.map(enumOf).find(Boolean);
}

function refOf(schema: JsonSchema): string | null {
  return typeof schema.$ref === "string" ? schema.$ref.split("/").pop()! : null;
}
