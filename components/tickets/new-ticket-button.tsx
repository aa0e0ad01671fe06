import { Plus } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** The queue's "New Ticket" button, also shown (disabled) while the dialog's code loads. */
export function NewTicketButton(props: ButtonProps) {
  return (
    <Button {...props}>
      <Plus />
      New Ticket
    </Button>
  );
}
