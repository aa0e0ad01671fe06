"use client";

import { useId } from "react";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/option-select";
import { parseRangeBound } from "@/lib/tickets/range-bounds";
import { presetOf, RANGE_PRESETS, rangeLabel, type RangeColumn, type RangeValue } from "@/lib/tickets/range-presets";

const ANY = "any";
const CUSTOM_RANGE = "custom";

const TITLES: Record<RangeColumn, string> = { created: "Created", updated: "Updated" };

/**
 * The Created or Updated filter: any time, a relative preset (kept relative in the address and in
 * a view saved from it) or a custom range of dates, which opens the two date boxes below the bar.
 */
export function RangeSelect({
  column,
  range,
  custom,
  onChange,
  onCustom,
  className,
}: {
  column: RangeColumn;
  range: RangeValue;
  /** The custom range's dates are showing. */
  custom: boolean;
  onChange: (range: RangeValue) => void;
  onCustom: () => void;
  className?: string;
}) {
  const set = !!(range.from || range.to);
  const preset = presetOf(column, range);
  const value = custom || (set && !preset) ? CUSTOM_RANGE : (preset?.id ?? "");
  return (
    <OptionSelect
      label={`${TITLES[column]} filter`}
      className={className}
      value={value}
      placeholder={TITLES[column]}
      // The closed box says what the choice filters ("Created in the last 7 days"), not only "Last 7 days".
      display={rangeLabel(column, range) ?? undefined}
      onChange={(choice) => {
        if (choice === CUSTOM_RANGE) return onCustom();
        onChange(choice === ANY ? {} : (RANGE_PRESETS[column].find((p) => p.id === choice)?.range ?? {}));
      }}
      options={[
        { value: ANY, label: "Any time" },
        ...RANGE_PRESETS[column].map((p) => ({ value: p.id, label: p.label })),
        { value: CUSTOM_RANGE, label: "Custom range" },
      ]}
    />
  );
}

/** A bound the date box shows: only a day (a relative bound leaves the box empty until a date is picked). */
const dayOf = (bound: string | undefined) => (bound && parseRangeBound(bound)?.kind === "day" ? bound : "");

/**
 * A custom range's two dates, each the whole day in the organisation's time zone; either may be
 * left empty. Each box keeps the other's date as its limit, so the range cannot end before it starts.
 */
export function CustomRange({
  column,
  range,
  onChange,
}: {
  column: RangeColumn;
  range: RangeValue;
  onChange: (range: RangeValue) => void;
}) {
  const id = useId();
  const days = { from: dayOf(range.from), to: dayOf(range.to) };
  const title = TITLES[column];
  return (
    <fieldset className="grid grid-cols-2 gap-1.5 text-xs" aria-label={`${title} between`}>
      <legend className="sr-only">{title} between</legend>
      {(["from", "to"] as const).map((side) => (
        <label key={side} htmlFor={`${id}-${side}`} className="grid gap-0.5">
          <span className="text-muted-foreground">
            {title} {side}
          </span>
          <Input
            id={`${id}-${side}`}
            type="date"
            className="h-8 px-2 text-xs"
            value={days[side]}
            min={side === "to" ? days.from || undefined : undefined}
            max={side === "from" ? days.to || undefined : undefined}
            onChange={(e) => onChange({ ...range, [side]: e.target.value || undefined })}
          />
        </label>
      ))}
    </fieldset>
  );
}
