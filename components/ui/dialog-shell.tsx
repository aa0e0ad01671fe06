"use client";

import type { FormEvent, ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "./dialog";

/** A dialog's title with the line under it that says what the dialog is for. */
export function DialogHeading({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

/**
 * The dialog most screens open: from its trigger (or the caller's own `open` state), with a
 * heading and the body under it. With `onSubmit` the heading, the fields and the buttons are
 * one form, so Enter in any field sends it.
 */
export function DialogShell({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  className,
  onSubmit,
  children,
}: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** For the dialog's box, e.g. a wider one. */
  className?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const heading = <DialogHeading title={title} description={description} />;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className}>
        {onSubmit ? (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            {heading}
            {children}
          </form>
        ) : (
          <>
            {heading}
            {children}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
