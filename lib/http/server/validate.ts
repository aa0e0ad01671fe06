import type { z } from "zod";
import { badRequest } from "@/lib/errors";

/** Parses with zod; the first issue's message becomes the error, all issues go in `issues`. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const first = issues[0];
  throw badRequest(first?.message ?? "Invalid request", issues);
}
