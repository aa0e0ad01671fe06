"use client";

import { isNumericField } from "@/lib/schemas/fields-custom";
import { useQuery } from "@tanstack/react-query";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/option-select";
import { Textarea } from "@/components/ui/textarea";
import type { CustomFieldType } from "@/generated/prisma/enums";
import type { PortalRequest } from "./portal-session";
import { portalKeys } from "./queries";

/** A field the customer fills in on a new ticket (GET /api/portal/fields). */
export type PortalFieldJson = {
  key: string;
  label: string;
  type: CustomFieldType;
  helpText: string;
  options: string[];
};

/** What the form holds for each field: text as typed, a checkbox's state, a multi-select's choices. */
export type PortalFieldValues = Record<string, string | boolean | string[]>;

const NONE = "__none__";

export function usePortalFields(request: PortalRequest) {
  return useQuery({
    queryKey: [...portalKeys.all, "fields"],
    queryFn: () => request<{ fields: PortalFieldJson[] }>("GET", "/api/portal/fields"),
  });
}

/**
 * The values as the API takes them: empty ones left out, numbers as numbers (a number the
 * customer mistyped goes as typed, and the server names the field that refuses it).
 */
export function portalFieldValues(fields: PortalFieldJson[], values: PortalFieldValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    const numeric = isNumericField(field.type);
    out[field.key] = numeric && typeof value === "string" && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return out;
}

/** The portal's custom fields under the description, each by its type. */
export function PortalFieldInputs({
  fields,
  values,
  onChange,
}: {
  fields: PortalFieldJson[];
  values: PortalFieldValues;
  onChange: (key: string, value: string | boolean | string[]) => void;
}) {
  return (
    <>
      {fields.map((field) => {
        const id = `portal-field-${field.key}`;
        const value = values[field.key];
        const hint = field.helpText || undefined;
        switch (field.type) {
          case "checkbox":
            return (
              <div key={field.key} className="flex items-center gap-2">
                <Checkbox id={id} checked={value === true} onCheckedChange={(on) => onChange(field.key, on === true)} />
                <Label htmlFor={id} className="font-normal">
                  {field.label}
                </Label>
              </div>
            );
          case "dropdown":
            return (
              <Field key={field.key} id={id} label={field.label} hint={hint}>
                <OptionSelect
                  id={id}
                  label={field.label}
                  value={typeof value === "string" && value ? value : NONE}
                  options={[{ value: NONE, label: "None" }, ...field.options.map((o) => ({ value: o, label: o }))]}
                  onChange={(chosen) => onChange(field.key, chosen === NONE ? "" : chosen)}
                />
              </Field>
            );
          case "multi_select": {
            const chosen = Array.isArray(value) ? value : [];
            return (
              <fieldset key={field.key} className="grid gap-1.5">
                <legend className="mb-1 text-sm font-medium">{field.label}</legend>
                {field.options.map((option) => (
                  <div key={option} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-${option}`}
                      checked={chosen.includes(option)}
                      onCheckedChange={(on) =>
                        onChange(field.key, on === true ? [...chosen, option] : chosen.filter((c) => c !== option))
                      }
                    />
                    <Label htmlFor={`${id}-${option}`} className="font-normal">
                      {option}
                    </Label>
                  </div>
                ))}
                {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
              </fieldset>
            );
          }
          default: {
            const text = typeof value === "string" ? value : "";
            const change = (event: { target: { value: string } }) => onChange(field.key, event.target.value);
            return (
              <Field key={field.key} id={id} label={field.label} hint={hint}>
                {field.type === "long_text" ? (
                  <Textarea id={id} rows={3} value={text} onChange={change} />
                ) : (
                  <Input
                    id={id}
                    autoComplete="off"
                    type={field.type === "date" ? "date" : field.type === "text" ? "text" : "number"}
                    step={field.type === "decimal" ? "any" : undefined}
                    value={text}
                    onChange={change}
                  />
                )}
              </Field>
            );
          }
        }
      })}
    </>
  );
}
