"use client";

import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog-shell";
import { seatsFull } from "@/lib/format/seats";
import { InviteForm } from "./invite-form";
import { useSeats } from "./queries";
import { SeatsFullNotice } from "./seats-full-notice";

/** User Management's Invite button: the invite form in a dialog, or the way to more seats once none is left. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const seats = useSeats().data;
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button disabled={!seats}>
          <UserPlus aria-hidden />
          Invite
        </Button>
      }
      title="Invite Team Member"
      description="They get an email with a link to create their account (valid for 7 days)."
    >
      {seats &&
        (seatsFull(seats) ? <SeatsFullNotice seats={seats} /> : <InviteForm stacked onSent={() => setOpen(false)} />)}
    </DialogShell>
  );
}
