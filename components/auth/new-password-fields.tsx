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
}: {
  id: string;
  label: string;
  password: TextBinding;
  confirmation?: TextBinding;
}) {
  return (
    <>
      <Field id={id} label={label} hint="Must be at least 8 characters long">
        <PasswordInput id={id} autoComplete="new-password" {...password} />
      </Field>
      {confirmation && (
        <Field id="confirmPassword" label="Confirm password">
          <PasswordInput id="confirmPassword" autoComplete="new-password" {...confirmation} />
        </Field>
      )}
    </>
  );
}
