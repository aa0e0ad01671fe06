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

/** A field's problem, under the control; empty when there is none (the live region stays put). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorIdOf(id)} className="text-xs font-medium text-destructive">
      {error}
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
    <div className="grid gap-2" data-invalid={error ? "" : undefined}>
      <Label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </Label>
      {control}
      {hint && (
        <p id={hintIdOf(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
