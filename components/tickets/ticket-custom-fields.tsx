"use client";

import { isNumericField } from "@/lib/schemas/fields-custom";
import { useState } from "react";
import { useCustomFields, type CustomFieldJson } from "@/components/settings/fields/queries";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/option-select";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/toast-error";
import type { CustomFieldValue } from "@/lib/schemas/fields-custom";
import type { TicketJson } from "@/lib/schemas/tickets";
import { useUpdateTicket } from "./queries";

const NONE = "__none__";

type Save = (value: CustomFieldValue | null) => void;

/** A text, long text, number or decimal value: typed freely, saved when the agent leaves the field (or presses Enter). */
function TypedValue({
  field,
  value,
  save,
  disabled,
}: {
  field: CustomFieldJson;
  value: unknown;
  save: Save;
  disabled: boolean;
}) {
  const shown = value === undefined || value === null ? "" : String(value);
  const [draft, setDraft] = useState<string | null>(null);
  const id = `ticket-field-${field.key}`;
  const numeric = isNumericField(field.type);
  function commit() {
    if (draft === null) return;
    setDraft(null);
    const text = draft.trim();
    if (text === shown) return;
    if (text === "") return save(null);
    save(numeric && Number.isFinite(Number(text)) ? Number(text) : text);
  }
  const props = {
    id,
    value: draft ?? shown,
    disabled,
    "aria-describedby": field.helpText ? `${id}-help` : undefined,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
  };
  if (field.type === "long_text") return <Textarea {...props} rows={3} />;
  return (
    <Input
      {...props}
      type={numeric ? "number" : "text"}
      step={field.type === "decimal" ? "any" : undefined}
      inputMode={numeric ? (field.type === "decimal" ? "decimal" : "numeric") : undefined}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}

function FieldControl({
  field,
  value,
  save,
  disabled,
}: {
  field: CustomFieldJson;
  value: unknown;
  save: Save;
  disabled: boolean;
}) {
  const id = `ticket-field-${field.key}`;
  switch (field.type) {
    case "checkbox":
      return (
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={value === true} disabled={disabled} onCheckedChange={(on) => save(on === true)} />
          <Label htmlFor={id} className="font-normal">
            {field.label}
          </Label>
        </div>
      );
    case "date":
      return (
        <Input
          id={id}
          type="date"
          value={typeof value === "string" ? value : ""}
          disabled={disabled}
          onChange={(event) => save(event.target.value || null)}
        />
      );
    case "dropdown": {
      const choices = [{ value: NONE, label: "None" }, ...field.options.map((o) => ({ value: o, label: o }))];
      // A value whose option was taken away still shows as the ticket holds it.
      if (typeof value === "string" && !field.options.includes(value)) choices.push({ value, label: value });
      return (
        <OptionSelect
          id={id}
          value={typeof value === "string" ? value : NONE}
          options={choices}
          disabled={disabled}
          onChange={(chosen) => save(chosen === NONE ? null : chosen)}
        />
      );
    }
    case "multi_select": {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <ul id={id} className="grid gap-1.5" aria-label={field.label}>
          {field.options.map((option) => (
            <li key={option} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${option}`}
                checked={chosen.includes(option)}
                disabled={disabled}
                onCheckedChange={(on) => save(on === true ? [...chosen, option] : chosen.filter((c) => c !== option))}
              />
              <Label htmlFor={`${id}-${option}`} className="font-normal">
                {option}
              </Label>
            </li>
          ))}
        </ul>
      );
    }
    default:
      // Keyed by the value, so a change from elsewhere shows instead of an old draft.
      return <TypedValue key={String(value ?? "")} field={field} value={value} save={save} disabled={disabled} />;
  }
}

/**
 * The ticket's custom fields (staff), each edited by its type and saved at once: a change the
 * server refuses (a wrong value, 400 naming the field) is told in a toast and the field shows the
 * ticket's value again.
 */
export function TicketCustomFields({ ticket }: { ticket: TicketJson }) {
  // Staff read the fields; a customer's ticket comes without tags, and they never get this panel's controls.
  const staff = ticket.tags !== undefined;
  const fields = useCustomFields({ enabled: staff });
  const update = useUpdateTicket(ticket.id, {
    onError: (error) => toastError("Could not save the field", error, "Please try again later"),
  });
  const list = fields.data?.fields ?? [];
  if (!staff || list.length === 0) return null;
  const values = ticket.customFields ?? {};
  return (
    <section aria-labelledby="ticket-fields-heading" className="grid gap-3">
      <h3 id="ticket-fields-heading" className="text-sm font-medium">
        Fields
      </h3>
      <div className="grid gap-3 @md:grid-cols-2 [&>div]:min-w-0">
        {list.map((field) => (
          <div key={field.id} className="grid gap-1.5" data-custom-field={field.key}>
            {field.type !== "checkbox" && (
              <Label htmlFor={`ticket-field-${field.key}`}>
                {field.label}
                {field.required && <span className="sr-only"> (required to resolve)</span>}
                {field.required && (
                  <span aria-hidden className="text-muted-foreground">
                    {" "}
                    *
                  </span>
                )}
              </Label>
            )}
            <FieldControl
              field={field}
              value={values[field.key]}
              disabled={update.isPending}
              save={(value) => update.mutate({ customFields: { [field.key]: value } })}
            />
            {field.helpText && (
              <p id={`ticket-field-${field.key}-help`} className="text-xs text-muted-foreground">
                {field.helpText}
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
