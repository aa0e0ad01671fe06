"use client";

import type { FormEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { businessCalendarInputSchema } from "@/lib/schemas/business-hours";
import { calendarDraftOf, calendarInput, emptyCalendarDraft } from "./calendar-draft";
import { errorAt } from "./form-errors";
import { useDraftForm } from "./use-draft-form";
import { HolidaysEditor } from "./holidays-editor";
import { useSaveCalendar, type CalendarJson } from "./queries";
import { TimeZoneField } from "./time-zone-field";
import { WeekGrid } from "./week-grid";

function CalendarForm({ calendar, onDone }: { calendar: CalendarJson | null; onDone: () => void }) {
  const { draft, change, errors, formError, refused, checked } = useDraftForm(
    () => (calendar ? calendarDraftOf(calendar) : emptyCalendarDraft()),
    businessCalendarInputSchema,
    calendarInput,
  );
  const save = useSaveCalendar(calendar?.id ?? null, {
    // No toast: the dialog closes onto the list, which shows the calendar as saved.
    onSuccess: () => onDone(),
    onError: refused,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = checked();
    if (!parsed) return;
    const { isDefault, ...fields } = parsed;
    // The default is only ever taken by another calendar, never given up.
    if (calendar) save.mutate({ ...fields, ...(isDefault && !calendar.isDefault && { isDefault: true }) });
    else save.mutate(parsed);
  }

  const wasDefault = calendar?.isDefault ?? false;
  return (
    <form onSubmit={submit} className="grid min-w-0 gap-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="calendar-name" label="Name" error={errorAt(errors, "name")} required>
          <Input
            id="calendar-name"
            placeholder="Office hours"
            autoComplete="off"
            value={draft.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        </Field>
        <TimeZoneField
          value={draft.timeZone}
          error={errorAt(errors, "timeZone")}
          onChange={(timeZone) => change({ timeZone })}
        />
      </div>
      <WeekGrid
        hours={draft.hours}
        error={errors.get("hours")}
        errorOf={(day) => errorAt(errors, `hours.${day}`)}
        onChange={(hours) => change({ hours })}
      />
      <HolidaysEditor
        holidays={draft.holidays}
        error={errors.get("holidays")}
        errorOf={(i) => errorAt(errors, `holidays.${i}`)}
        onChange={(holidays) => change({ holidays })}
      />
      <div className="grid gap-1">
        <span className="flex items-center gap-2">
          <Checkbox
            id="calendar-default"
            checked={draft.isDefault}
            disabled={wasDefault}
            aria-describedby="calendar-default-hint"
            onCheckedChange={(on) => change({ isDefault: on === true })}
          />
          <Label htmlFor="calendar-default">Make default</Label>
        </span>
        <p id="calendar-default-hint" className="text-xs text-muted-foreground">
          {wasDefault
            ? "This is the default calendar. To change that, make another calendar the default."
            : "New SLA policies count in the default calendar unless you choose another."}
        </p>
        {errors.get("isDefault") && <p className="text-xs font-medium text-destructive">{errors.get("isDefault")}</p>}
      </div>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogActions
        label={calendar ? "Save Calendar" : "Create Calendar"}
        pendingLabel="Saving..."
        pending={save.isPending}
      />
    </form>
  );
}

/** Settings > SLA: a new business-hours calendar (calendar null) or a change to one. */
export function CalendarDialog({
  calendar,
  open,
  onOpenChange,
}: {
  calendar: CalendarJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={calendar ? `Edit calendar "${calendar.name}"` : "New calendar"}
      description="When your team is at work: SLA targets count only these hours, in this time zone."
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {(done) => <CalendarForm key={calendar?.id ?? "new"} calendar={calendar} onDone={done} />}
    </FormDialog>
  );
}
