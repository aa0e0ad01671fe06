import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { SubmitButton } from "./submit-button";

/**
 * A form dialog's buttons: Cancel closes it without saving, the main button sends the form (or,
 * with `onConfirm`, acts itself in a dialog without a form) and is disabled while that runs.
 */
export function DialogActions({
  onCancel,
  label,
  pendingLabel,
  pending,
  disabled,
  onConfirm,
}: {
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** Another reason the main button cannot be pressed (nothing changed yet). */
  disabled?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton
        type={onConfirm ? "button" : "submit"}
        onClick={onConfirm}
        pending={pending}
        pendingLabel={pendingLabel}
        disabled={disabled}
      >
        {label}
      </SubmitButton>
    </DialogFooter>
  );
}
