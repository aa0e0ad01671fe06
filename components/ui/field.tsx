import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Label } from "@/components/ui/label";

/** The id of the message under a control, for its aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`;
const hintIdOf = (id: string) => `${id}-hint`;

/** What a control needs to announce its state: invalid, which text describes it, required. */
export function fieldAria(
  id: string,
  { error, hint, required }: { error?: string; hint?: string; required?: boolean },
) {
  const describedBy = [error ? errorIdOf(id) : null, hint ? hintIdOf(id) : null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": required ? true : undefined,
  } as const;
}

/**
 * The problem of a field left empty: the form's check reports it so, and the field names
 * itself ("Subject is required") instead of repeating the toast's sentence under every field.
 */
export const FIELD_REQUIRED = "field_required";

/** A field's problem, under the control; nothing when there is none. */
export function FieldError({ id, label, error }: { id: string; label: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorIdOf(id)} className="text-xs font-medium text-destructive">
      {error === FIELD_REQUIRED ? `${label} is required` : error}
    </p>
  );
}

/** The mark after a required field's label; screen readers hear aria-required instead. */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-destructive">
      *
    </span>
  );
}

/**
 * A labelled form row with an optional hint under the control and, after a failed check, the
 * problem with this field. The single control inside is marked invalid, required and described
 * by the hint and the problem, so a screen reader hears the same as a sighted person sees.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const only = Children.count(children) === 1 && isValidElement(children) ? (children as ReactElement) : null;
  const control = only ? cloneElement(only, fieldAria(id, { error, hint, required })) : children;
  return (
    <div className="grid content-start gap-2" data-invalid={error ? "" : undefined}>
      {required ? (
        // The mark sits outside the label so the field's accessible name stays its label.
        <span className="flex items-center gap-1 text-sm leading-none">
          <Label htmlFor={id}>{label}</Label>
          <RequiredMark />
        </span>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {control}
      {hint && (
        <p id={hintIdOf(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={id} label={label} error={error} />
    </div>
  );
}
