"use client";

import { errorIdOf } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { SlaTarget } from "@/lib/schemas/sla-policies";
import { formatBusinessDuration } from "@/lib/sla/business-time";
import { PRIORITY_LABELS, TICKET_PRIORITIES } from "@/lib/tickets/fields";
import type { TicketPriority } from "@/generated/prisma/enums";
import { minutesOf, TARGET_LABELS, TARGETS, type DurationDraft, type TargetsDraft } from "./policy-draft";

function DurationInput({
  id,
  label,
  unit,
  value,
  describedBy,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  describedBy: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <span className="flex items-center gap-1">
      <Input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="w-[4.5rem] tabular-nums"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span aria-hidden className="text-sm text-muted-foreground">
        {unit}
      </span>
    </span>
  );
}

/** One target: hours and minutes, read back under them in business terms (or its problem). */
function TargetCell({
  priority,
  target,
  value,
  error,
  onChange,
}: {
  priority: TicketPriority;
  target: SlaTarget;
  value: DurationDraft;
  error?: string;
  onChange: (value: DurationDraft) => void;
}) {
  const id = `target-${priority}-${target}`;
  const name = `${PRIORITY_LABELS[priority]} ${TARGET_LABELS[target].toLowerCase()}`;
  const minutes = minutesOf(value);
  const readBack = Number.isFinite(minutes) && minutes > 0 ? formatBusinessDuration(minutes) : "";
  return (
    <div className="grid content-start gap-1">
      <span className="text-xs font-medium text-muted-foreground">{TARGET_LABELS[target]}</span>
      <div className="flex items-center gap-2">
        <DurationInput
          id={`${id}-hours`}
          label={`${name} hours`}
          unit="h"
          value={value.hours}
          describedBy={errorIdOf(id)}
          invalid={!!error}
          onChange={(hours) => onChange({ ...value, hours })}
        />
        <DurationInput
          id={`${id}-minutes`}
          label={`${name} minutes`}
          unit="min"
          value={value.minutes}
          describedBy={errorIdOf(id)}
          invalid={!!error}
          onChange={(minutes) => onChange({ ...value, minutes })}
        />
      </div>
      <p
        id={errorIdOf(id)}
        className={error ? "text-xs font-medium text-destructive" : "text-xs text-muted-foreground"}
      >
        {error ?? readBack}
      </p>
    </div>
  );
}

/** Each priority's three targets, in business time. */
export function TargetsGrid({
  targets,
  errorOf,
  onChange,
}: {
  targets: TargetsDraft;
  errorOf: (priority: TicketPriority, target: SlaTarget) => string | undefined;
  onChange: (targets: TargetsDraft) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Targets</legend>
      <p className="text-xs text-muted-foreground">
        In business time: only the calendar&apos;s open hours count. The next reply is due after each customer message
        that follows a reply from the team.
      </p>
      <div className="grid gap-2">
        {TICKET_PRIORITIES.map((priority) => (
          <fieldset key={priority} className="grid min-w-0 gap-2 rounded-md border px-3 pt-1 pb-3">
            <legend className="px-1 text-sm font-medium">{PRIORITY_LABELS[priority]}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {TARGETS.map((target) => (
                <TargetCell
                  key={target}
                  priority={priority}
                  target={target}
                  value={targets[priority][target]}
                  error={errorOf(priority, target)}
                  onChange={(value) => onChange({ ...targets, [priority]: { ...targets[priority], [target]: value } })}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
