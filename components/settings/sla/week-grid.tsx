"use client";

import { Copy, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorIdOf } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { DAY_NAMES } from "@/lib/schemas/business-hours";
import { WEEKDAYS, type Weekday } from "@/lib/sla/calendar";
import { mondayToWeekdays, newInterval, type IntervalDraft, type WeekDraft } from "./calendar-draft";

/** A time typed as HH:MM ("24:00" ends a day, which a time picker cannot say). */
function TimeInput({
  label,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      inputMode="numeric"
      autoComplete="off"
      placeholder="09:00"
      maxLength={5}
      className="w-[4.75rem] tabular-nums"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function DayRow({
  day,
  intervals,
  error,
  onChange,
}: {
  day: Weekday;
  intervals: IntervalDraft[];
  error?: string;
  onChange: (intervals: IntervalDraft[]) => void;
}) {
  const name = DAY_NAMES[day];
  const errorId = error ? errorIdOf(`hours-${day}`) : undefined;
  const open = intervals.length > 0;
  return (
    <li className="grid gap-2 border-b py-3 last:border-b-0 sm:grid-cols-[8.5rem_1fr] sm:items-start" data-day={day}>
      <div className="flex h-9 items-center gap-2">
        <Switch
          id={`hours-${day}-open`}
          checked={open}
          aria-label={`Open on ${name}`}
          onCheckedChange={(on) => onChange(on ? [newInterval()] : [])}
        />
        <span className="text-sm font-medium">{name}</span>
      </div>
      <div className="grid gap-2">
        {open ? (
          <ul className="flex flex-wrap items-center gap-x-4 gap-y-2" aria-label={`${name} open hours`}>
            {intervals.map((interval, i) => {
              const label = `${name} interval ${i + 1}`;
              const set = (next: Partial<IntervalDraft>) =>
                onChange(intervals.map((it) => (it.key === interval.key ? { ...it, ...next } : it)));
              return (
                <li key={interval.key} className="flex items-center gap-1.5">
                  <TimeInput
                    label={`${label} from`}
                    value={interval.start}
                    invalid={!!error}
                    describedBy={errorId}
                    onChange={(start) => set({ start })}
                  />
                  <span className="text-sm text-muted-foreground">to</span>
                  <TimeInput
                    label={`${label} until`}
                    value={interval.end}
                    invalid={!!error}
                    describedBy={errorId}
                    onChange={(end) => set({ end })}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    onClick={() => onChange(intervals.filter((it) => it.key !== interval.key))}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              );
            })}
            <li>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Add interval on ${name}`}
                onClick={() => onChange([...intervals, newInterval("", "")])}
              >
                <Plus aria-hidden /> Add interval
              </Button>
            </li>
          </ul>
        ) : (
          <p className="flex h-9 items-center text-sm text-muted-foreground">Closed</p>
        )}
        {error && (
          <p id={errorId} className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

/** The week's open hours, day by day: closed, or one or more intervals (split shifts). */
export function WeekGrid({
  hours,
  errorOf,
  error,
  onChange,
}: {
  hours: WeekDraft;
  /** The problem with one day's hours, as the schema or the server named it. */
  errorOf: (day: Weekday) => string | undefined;
  /** A problem with the week as a whole (no open hours at all). */
  error?: string;
  onChange: (hours: WeekDraft) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Open hours</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          Switch a day off to close it; add an interval for a split shift.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(mondayToWeekdays(hours))}>
          <Copy aria-hidden /> Copy Monday to weekdays
        </Button>
      </div>
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
      <ul className="grid rounded-md border px-3">
        {WEEKDAYS.map((day) => (
          <DayRow
            key={day}
            day={day}
            intervals={hours[day]}
            error={errorOf(day)}
            onChange={(intervals) => onChange({ ...hours, [day]: intervals })}
          />
        ))}
      </ul>
    </fieldset>
  );
}
