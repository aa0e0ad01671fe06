"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { browserTimeZone } from "./calendar-draft";

/** Every zone this browser's Intl knows, its own first (and the calendar's, should Intl not list it: "UTC"). */
function zoneList(current: string): string[] {
  const own = browserTimeZone();
  const all = Intl.supportedValuesOf("timeZone");
  return [...new Set([own, current, ...all].filter(Boolean))];
}

/** The calendar's IANA time zone: typed, with the zones offered as one types ("Lon" finds Europe/London). */
export function TimeZoneField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  // Listed once per opening: the list is long and never changes.
  const [zones] = useState(() => zoneList(value));
  return (
    <>
      <Field
        id="calendar-time-zone"
        label="Time zone"
        hint="Hours and holidays are read in this zone."
        error={error}
        required
      >
        <Input
          id="calendar-time-zone"
          list="calendar-time-zones"
          autoComplete="off"
          spellCheck={false}
          placeholder="Europe/London"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
      <datalist id="calendar-time-zones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
