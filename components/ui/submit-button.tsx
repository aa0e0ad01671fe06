import type { ButtonProps } from "./button";
import { Button } from "./button";

/** A form's send button: disabled while the form is being sent, saying so in place of its label. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
