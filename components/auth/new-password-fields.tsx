"use client";

import { Field } from "@/components/ui/field";
import { PasswordInput } from "./password-input";

type TextBinding = { value: string; onChange: (event: { target: { value: string } }) => void };

/**
 * Choosing a password: the field with the length rule under it and, where the form asks for it,
 * the same password again (accept-invite and reset-password do; registration does not).
 */
export function NewPasswordFields({
  id,
  label,
  password,
  confirmation,
  error,
  confirmationError,
}: {
  id: string;
  label: string;
  password: TextBinding;
  confirmation?: TextBinding;
  error?: string;
  confirmationError?: string;
}) {
  return (
    <>
      <Field id={id} label={label} hint="Must be at least 8 characters long" required error={error}>
        <PasswordInput id={id} autoComplete="new-password" {...password} />
      </Field>
      {confirmation && (
        <Field id="confirmPassword" label="Confirm password" required error={confirmationError}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" {...confirmation} />
        </Field>
      )}
    </>
  );
}
