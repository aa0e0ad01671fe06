"use client";

import type { ReactNode } from "react";
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorIdOf } from "@/components/ui/field";
import { OptionSelect } from "@/components/ui/option-select";

/** What a row's value control says of its problem: invalid, described by the message under it. */
export const valueAria = (id: string, error?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? errorIdOf(id) : undefined,
});

/** A value chosen from a fixed list (a priority, a group, an agent). */
export function ValueSelect({
  id,
  name,
  error,
  value,
  options,
  onChange,
}: {
  id: string;
  name: string;
  error?: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div {...valueAria(id, error)}>
      <OptionSelect
        id={id}
        label={`${name} value`}
        placeholder="Choose..."
        value={value}
        options={options}
        onChange={onChange}
      />
    </div>
  );
}

/**
 * One condition or action of a rule: its selects in `columns`, then its value with its problem
 * under it; removable when `onRemove` is given.
 */
export function RuleRow({
  id,
  name,
  columns,
  selects,
  value,
  error,
  onRemove,
}: {
  id: string;
  name: string;
  /** The grid's columns from the small breakpoint on. */
  columns: string;
  selects: ReactNode;
  value: ReactNode;
  error?: string;
  onRemove?: () => void;
}) {
  return (
    <li className="flex items-start gap-2 rounded-md border p-2">
      <div className={`grid min-w-0 flex-1 gap-2 ${columns} sm:items-start`}>
        {selects}
        <div className="grid min-w-0 gap-1">
          {value}
          {error && (
            <p id={errorIdOf(id)} className="text-xs font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      </div>
      {onRemove && (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${name.toLowerCase()}`}
          onClick={onRemove}
        >
          <X aria-hidden />
        </Button>
      )}
    </li>
  );
}
