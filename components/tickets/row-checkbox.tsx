"use client";

import { useEffect, useRef, type MouseEvent } from "react";
import { cn } from "@/lib/utils";

/**
 * A native checkbox for list selection: it passes Shift on to the caller (range selection)
 * and costs no script of its own in the workspace bundle.
 */
export function RowCheckbox({
  checked,
  indeterminate = false,
  label,
  onToggle,
  className,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onToggle: (range: boolean) => void;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={() => undefined}
      onClick={(e: MouseEvent<HTMLInputElement>) => onToggle(e.shiftKey)}
      className={cn("size-4 shrink-0 cursor-pointer rounded-[4px] accent-primary", className)}
    />
  );
}
