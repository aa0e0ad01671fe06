import { ApiError } from "@/lib/http/client/api";
import { ruleErrors, serverRuleErrors, type RuleErrors } from "../automations/rule-errors";

/** A form's problems by place ("name", "hours.mon", "targets.high.firstResponse"), as the rule editor keeps them. */
export type FormErrors = RuleErrors;
export { errorAt } from "../automations/rule-errors";
export const schemaErrors = ruleErrors;

/**
 * The server's refusal of a save: its 400 issues by place; a name already taken (409) under
 * the name; anything else for the whole form.
 */
export function serverFormErrors(error: unknown): { byPlace: FormErrors; form: string | null } {
  if (error instanceof ApiError && error.status === 409)
    return { byPlace: new Map([["name", error.error]]), form: null };
  const found = serverRuleErrors(error);
  return {
    byPlace: found.byPlace,
    form: found.form ?? (found.byPlace.size ? null : "Something went wrong. Please try again later."),
  };
}
