"use client";

import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toastError } from "@/components/ui/toast-error";
import { CalendarDialog } from "./calendar-dialog";
import { calendarSpec } from "./calendar-draft";
import { useCalendars, useDeleteCalendar, type CalendarJson } from "./queries";
import { weekSummary } from "./week-summary";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function DeleteCalendarButton({ calendar }: { calendar: CalendarJson }) {
  const remove = useDeleteCalendar(calendar.id, {
    // The server says why it refuses (the default, or policies counting in it): shown as it comes.
    onError: (error) => toastError("Could not delete the calendar", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${calendar.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      }
      title="Delete calendar?"
      description={`"${calendar.name}" and its holidays will be deleted. Due times already set on tickets stay as they are.`}
      confirm="Delete calendar"
      onConfirm={() => remove.mutate()}
    />
  );
}

function CalendarRow({ calendar, onEdit }: { calendar: CalendarJson; onEdit: () => void }) {
  return (
    <li
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start"
      data-calendar={calendar.name}
    >
      <div className="grid min-w-0 gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{calendar.name}</span>
          {calendar.isDefault && <Badge variant="secondary">Default</Badge>}
        </span>
        <p className="text-sm break-words" data-testid="calendar-week">
          {weekSummary(calendarSpec(calendar).hours)}
        </p>
        <p className="text-sm break-words text-muted-foreground">
          {calendar.timeZone} ·{" "}
          {calendar.holidays.length === 0 ? "No holidays" : count(calendar.holidays.length, "holiday", "holidays")} ·{" "}
          {calendar.policies === 0 ? "No policies use it" : `Used by ${count(calendar.policies, "policy", "policies")}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1 sm:justify-end">
        <Button variant="ghost" size="sm" aria-label={`Edit ${calendar.name}`} onClick={onEdit}>
          <Pencil aria-hidden />
          <span className="max-sm:sr-only">Edit</span>
        </Button>
        <DeleteCalendarButton calendar={calendar} />
      </div>
    </li>
  );
}

/** Settings > SLA: the business-hours calendars SLA targets count in, the default first. */
export function CalendarsCard() {
  const calendars = useCalendars();
  const [editing, setEditing] = useState<CalendarJson | null>(null);
  const [open, setOpen] = useState(false);
  const list = calendars.data?.calendars ?? [];

  function edit(calendar: CalendarJson | null) {
    setEditing(calendar);
    setOpen(true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Business hours</CardTitle>
        <CardDescription>
          When your team is at work. An SLA policy counts its targets only in its calendar&apos;s open hours, so nights,
          weekends and holidays do not use them up.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {calendars.isPending ? (
          <p className="text-sm text-muted-foreground">Loading calendars...</p>
        ) : calendars.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load calendars
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Calendars">
            {list.map((calendar) => (
              <CalendarRow key={calendar.id} calendar={calendar} onEdit={() => edit(calendar)} />
            ))}
          </ul>
        )}
        <div>
          <Button onClick={() => edit(null)}>
            <Plus aria-hidden /> New Calendar
          </Button>
        </div>
      </CardContent>
      <CalendarDialog calendar={editing} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
