import type { JsonText } from "@/lib/schemas/json";

export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** An object's JSON text (as PostgreSQL wrote it) with more fields after its own. */
export function withFields(objectJson: string, fields: Record<string, unknown>): string {
  const more = JSON.stringify(fields);
  if (more === "{}") return objectJson;
  return `${objectJson.slice(0, objectJson.lastIndexOf("}"))},${more.slice(1)}`;
}
