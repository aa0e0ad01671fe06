"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export type Option = { value: string; label: string };

/** A select over a fixed list of options (statuses, priorities, assignees, categories). */
export function OptionSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  placeholder,
  display,
  className,
}: {
  id?: string;
  label?: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Shown while no option is chosen. */
  placeholder?: string;
  /** What the closed box shows for the chosen option, when its own label would not say enough alone. */
  display?: string;
  /** For the trigger, e.g. a smaller one. */
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={className}>
        <SelectValue placeholder={placeholder}>{display}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export const options = (values: readonly string[], labels: Record<string, string>): Option[] =>
  values.map((v) => ({ value: v, label: labels[v] ?? v }));
