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
}: {
  id?: string;
  label?: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label}>
        <SelectValue />
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
