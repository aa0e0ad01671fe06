import { ApiError } from "@/lib/http/client/api";

/** A rule's problems by where they are ("name", "conditions.all.0.value", "actions.2.value"). */
export type RuleErrors = Map<string, string>;

type Issue = { path?: unknown; message?: unknown };

/** The first problem at each place, from the schema's issues (paths as lists) or the server's (dotted). */
export function ruleErrors(issues: readonly Issue[]): RuleErrors {
  const errors: RuleErrors = new Map();
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path.join(".") : String(issue.path ?? "");
    if (!errors.has(path)) errors.set(path, String(issue.message));
  }
  return errors;
}

/** The server's problems with the rule: a 400's issues by place, or its one message for the whole form. */
export function serverRuleErrors(error: unknown): { byPlace: RuleErrors; form: string | null } {
  if (!(error instanceof ApiError)) return { byPlace: new Map(), form: null };
  const issues = error.details.issues;
  const byPlace = Array.isArray(issues) ? ruleErrors(issues as Issue[]) : new Map<string, string>();
  return { byPlace, form: byPlace.size ? null : error.error };
}

/** The first problem at `place` or inside it ("conditions.all.0" holds "conditions.all.0.value.1"). */
export function errorAt(errors: RuleErrors, place: string): string | undefined {
  for (const [path, message] of errors) if (path === place || path.startsWith(`${place}.`)) return message;
  return undefined;
}
