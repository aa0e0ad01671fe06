import { Button } from "./button";
import { DialogClose, DialogFooter } from "./dialog";
import { SubmitButton } from "./submit-button";

/**
 * A form dialog's buttons: Cancel closes it without saving (as Escape and the corner button do),
 * the main button sends the form (or, with `onConfirm`, acts itself in a dialog without a form)
 * and is disabled while that runs.
 */
export function DialogActions({
  label,
  pendingLabel,
  pending,
  disabled,
  onConfirm,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** Another reason the main button cannot be pressed (nothing changed yet). */
  disabled?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
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
