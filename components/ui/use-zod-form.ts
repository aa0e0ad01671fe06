"use client";

import { useState } from "react";
import type { z } from "zod";
import { FIELD_REQUIRED } from "./field";
import { toast } from "./use-toast";

type Values = Record<string, unknown>;

/**
 * The toast title of a failed check: one text for every problem, or titles for particular
 * messages. Problems with a listed message are reported first, in the order listed (a form
 * asks for missing fields before anything else); any other problem gets `otherwise`.
 */
export type ProblemTitle = string | { byMessage: Record<string, string>; otherwise: string };

function firstProblem(issues: readonly { message: string }[], title: ProblemTitle): { title: string; message: string } {
  if (typeof title === "string") return { title, message: issues[0]?.message ?? "Invalid input" };
  for (const [message, listed] of Object.entries(title.byMessage)) {
    if (issues.some((issue) => issue.message === message)) return { title: listed, message };
  }
  return { title: title.otherwise, message: issues[0]?.message ?? "Invalid input" };
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === "";

/** The first problem of each field, by the field's name; an empty field is reported as missing. */
function problemsByField(issues: readonly { message: string; path: readonly PropertyKey[] }[], values: Values) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors))
      errors[field] = isBlank(values[field]) ? FIELD_REQUIRED : issue.message;
  }
  return errors;
}

/**
 * A form's values, checked by the zod schema the server applies to the same request: the
 * form refuses exactly what the server would, with the same words. `check` shows the first
 * problem in a destructive toast, puts each field's problem beside it (`errors`, cleared as
 * that field is edited; FIELD_REQUIRED for one left empty) and returns null, or returns the parsed values to send.
 */
export function useZodForm<Schema extends z.ZodType, V extends Values>(schema: Schema, initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const setValue = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const rest = { ...current };
      delete rest[key as keyof V & string];
      return rest;
    });
  };

  return {
    values,
    setValue,
    /** Each field's problem after the last failed check, until the field is edited. */
    errors,
    /** Value and change handler for a text input or textarea bound to `key`. */
    text: (key: { [K in keyof V]: V[K] extends string ? K : never }[keyof V]) => ({
      value: values[key] as string,
      onChange: (event: { target: { value: string } }) => setValue(key, event.target.value as V[typeof key]),
    }),
    reset: () => {
      setValues(initial);
      setErrors({});
    },
    /** Shows a problem the server found with one field (e.g. an address already taken). */
    setError: (key: keyof V & string, message: string) => setErrors((current) => ({ ...current, [key]: message })),
    /** Parses the values (plus `extra`, fields the form sends without showing them). */
    check(title: ProblemTitle, extra: Values = {}): z.output<Schema> | null {
      const input = { ...values, ...extra };
      const result = schema.safeParse(input);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(problemsByField(result.error.issues, input) as Partial<Record<keyof V & string, string>>);
      const problem = firstProblem(result.error.issues, title);
      toast({ title: problem.title, description: problem.message, variant: "destructive" });
      return null;
    },
  };
}
