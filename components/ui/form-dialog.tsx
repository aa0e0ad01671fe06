"use client";

import { Fragment, useState, type ReactNode } from "react";
import { DialogShell } from "./dialog-shell";

/**
 * A dialog for creating or editing one thing: its form starts afresh each time the dialog opens
 * (nothing typed and abandoned last time comes back), and `done` closes it.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: (done: () => void) => ReactNode;
}) {
  const [openings, setOpenings] = useState(0);
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (next) setOpenings((count) => count + 1);
      }}
      title={title}
      description={description}
      className={className}
    >
      {open && <Fragment key={openings}>{children(() => onOpenChange(false))}</Fragment>}
    </DialogShell>
  );
}
