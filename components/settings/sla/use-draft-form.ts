"use client";

import { useState } from "react";
import type { z } from "zod";
import { toast } from "@/components/ui/use-toast";
import { schemaErrors, serverFormErrors, type FormErrors } from "./form-errors";

/**
 * An SLA dialog's draft and its errors: each change clears them; `checked` reads the draft with
 * the API's own schema (its errors shown beside their fields, nothing sent), `refused` shows the
 * server's refusal the same way.
 */
export function useDraftForm<D, S extends z.ZodType>(initial: () => D, schema: S, inputOf: (draft: D) => unknown) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FormErrors>(new Map());
  const [formError, setFormError] = useState<string | null>(null);

  function change(next: Partial<D>) {
    setDraft((current) => ({ ...current, ...next }));
    setErrors(new Map());
    setFormError(null);
  }

  function refused(error: unknown) {
    const found = serverFormErrors(error);
    setErrors(found.byPlace);
    setFormError(found.form);
  }

  function checked(): z.infer<S> | null {
    const parsed = schema.safeParse(inputOf(draft));
    if (parsed.success) return parsed.data;
    setErrors(schemaErrors(parsed.error.issues));
    toast({ title: "Validation Error", description: parsed.error.issues[0]?.message, variant: "destructive" });
    return null;
  }

  return { draft, change, errors, formError, refused, checked };
}
