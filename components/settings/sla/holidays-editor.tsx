"use client";

import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { errorIdOf } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { newHoliday, type HolidayDraft } from "./calendar-draft";

/** The days the calendar is closed all day: a date, once or every year. */
export function HolidaysEditor({
  holidays,
  errorOf,
  error,
  onChange,
}: {
  holidays: HolidayDraft[];
  /** The problem with the holiday at this place in the list. */
  errorOf: (index: number) => string | undefined;
  /** A problem with the list as a whole. */
  error?: string;
  onChange: (holidays: HolidayDraft[]) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Holidays</legend>
      <p className="text-xs text-muted-foreground">Closed all day. A yearly holiday comes back on the same date.</p>
      {holidays.length > 0 && (
        <ul className="grid gap-2" aria-label="Holidays">
          {holidays.map((holiday, i) => {
            const id = `holiday-${holiday.key}`;
            const problem = errorOf(i);
            const set = (next: Partial<HolidayDraft>) =>
              onChange(holidays.map((h) => (h.key === holiday.key ? { ...h, ...next } : h)));
            return (
              <li key={holiday.key} className="grid gap-1">
                <div className="flex flex-wrap items-center gap-3">
                  <Input
                    id={id}
                    type="date"
                    aria-label={`Holiday ${i + 1} date`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? errorIdOf(id) : undefined}
                    className="w-44"
                    value={holiday.date}
                    onChange={(e) => set({ date: e.target.value })}
                  />
                  <span className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-yearly`}
                      checked={holiday.yearly}
                      onCheckedChange={(on) => set({ yearly: on === true })}
                    />
                    <Label htmlFor={`${id}-yearly`} className="font-normal">
                      Every year
                    </Label>
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove holiday ${i + 1}`}
                    onClick={() => onChange(holidays.filter((h) => h.key !== holiday.key))}
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                {problem && (
                  <p id={errorIdOf(id)} className="text-xs font-medium text-destructive">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...holidays, newHoliday()])}>
          <Plus aria-hidden /> Add holiday
        </Button>
      </div>
    </fieldset>
  );
}
