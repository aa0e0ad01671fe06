"use client";

import { Plus, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormDialog } from "@/components/ui/form-dialog";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SelectField } from "@/components/ui/select-field";
import { toastError } from "@/components/ui/toast-error";
import { ApiError } from "@/lib/http/client/api";
import {
  CUSTOM_FIELD_KEY_INVALID,
  CUSTOM_FIELD_KEY_PATTERN,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  hasOptions,
} from "@/lib/schemas/fields-custom";
import type { CustomFieldType } from "@/generated/prisma/enums";
import { useSaveField, type CustomFieldJson } from "./queries";

type Errors = Partial<Record<"key" | "label" | "helpText" | "options" | "form", string>>;

/** A key from a label, as an admin would write it: "Order number" becomes order_number. */
export function keyFromLabel(label: string): string {
  const key = label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^[^a-z]+/, "")
    .slice(0, 40);
  return key;
}

/** The server's problem shown beside its field (the first issue's path), else above the buttons. */
function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const issues = error.details.issues;
  const first = Array.isArray(issues) ? (issues[0] as { path?: unknown } | undefined) : undefined;
  const field = String(first?.path ?? "").split(".")[0];
  if (field === "key" || field === "label" || field === "helpText" || field === "options")
    return { [field]: error.error };
  if (error.code === "conflict" && error.error.includes("key")) return { key: error.error };
  return { form: error.error };
}

function FieldForm({ field, onDone }: { field: CustomFieldJson | null; onDone: () => void }) {
  const [label, setLabel] = useState(field?.label ?? "");
  const [key, setKey] = useState(field?.key ?? "");
  const [keyTouched, setKeyTouched] = useState(false);
  const [type, setType] = useState<CustomFieldType>(field?.type ?? "text");
  const [helpText, setHelpText] = useState(field?.helpText ?? "");
  const [options, setOptions] = useState<string[]>(field?.options.length ? field.options : [""]);
  const [required, setRequired] = useState(field?.required ?? false);
  const [customerVisible, setCustomerVisible] = useState(field?.customerVisible ?? false);
  const [customerEditable, setCustomerEditable] = useState(field?.customerEditable ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveField(field?.id ?? null, {
    onSuccess: () => onDone(),
    onError: (error) => {
      setErrors(serverErrors(error));
      toastError("Could not save the field", error, "Please try again later");
    },
  });
  const shownKey = field || keyTouched ? key : keyFromLabel(label);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = {};
    if (!label.trim()) problems.label = "Please give the field a label";
    if (!field && !CUSTOM_FIELD_KEY_PATTERN.test(shownKey)) problems.key = CUSTOM_FIELD_KEY_INVALID;
    const chosen = options.map((o) => o.trim()).filter(Boolean);
    if (hasOptions(type) && chosen.length === 0)
      problems.options = "A dropdown or multi-select needs at least one option";
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const flags = { required, customerVisible, customerEditable: customerVisible && customerEditable };
    const common = {
      label: label.trim(),
      helpText: helpText.trim(),
      ...flags,
      ...(hasOptions(type) && { options: chosen }),
    };
    save.mutate(field ? common : { ...common, key: shownKey, type, options: hasOptions(type) ? chosen : [] });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="field-label" label="Label" error={errors.label} required>
        <Input
          id="field-label"
          placeholder="Order number"
          autoComplete="off"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="field-key"
          label="Key"
          hint={field ? "A field's key never changes" : "How the API and filters name it"}
          error={errors.key}
          required
        >
          <Input
            id="field-key"
            className="font-mono"
            autoComplete="off"
            value={shownKey}
            disabled={!!field}
            onChange={(e) => {
              setKeyTouched(true);
              setKey(e.target.value);
            }}
          />
        </Field>
        {field ? (
          <Field id="field-type" label="Type" hint="A field's type never changes">
            <Input id="field-type" value={CUSTOM_FIELD_TYPE_LABELS[field.type]} disabled />
          </Field>
        ) : (
          <SelectField
            id="field-type"
            label="Type"
            value={type}
            options={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: CUSTOM_FIELD_TYPE_LABELS[value] }))}
            onChange={(v) => setType(v as CustomFieldType)}
          />
        )}
      </div>
      <Field id="field-help" label="Help text" hint="Shown under the field" error={errors.helpText}>
        <Input id="field-help" autoComplete="off" value={helpText} onChange={(e) => setHelpText(e.target.value)} />
      </Field>
      {hasOptions(type) && (
        <fieldset className="grid gap-2" aria-describedby={errors.options ? "field-options-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">Options</legend>
          <ul className="grid gap-2" aria-label="Options">
            {options.map((option, index) => (
              <li key={index} className="flex items-center gap-2">
                <Input
                  aria-label={`Option ${index + 1}`}
                  value={option}
                  autoComplete="off"
                  onChange={(e) => setOptions(options.map((o, i) => (i === index ? e.target.value : o)))}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={options.length === 1}
                  onClick={() => setOptions(options.filter((_, i) => i !== index))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setOptions([...options, ""])}>
              <Plus aria-hidden /> Add option
            </Button>
          </div>
          {field && (
            <p className="text-sm text-muted-foreground">
              An option taken away stays on the tickets that hold it; it can no longer be chosen.
            </p>
          )}
          <FieldError id="field-options" label="Options" error={errors.options} />
        </fieldset>
      )}
      <div className="grid gap-3">
        <Flag id="field-required" checked={required} onChange={setRequired} label="Required to resolve">
          A ticket cannot be resolved or closed while this field is empty.
        </Flag>
        <Flag id="field-visible" checked={customerVisible} onChange={setCustomerVisible} label="Visible to customers">
          Customers see its value on their tickets.
        </Flag>
        <Flag
          id="field-editable"
          checked={customerVisible && customerEditable}
          disabled={!customerVisible}
          onChange={setCustomerEditable}
          label="Customers fill it in"
        >
          Shown on the portal&apos;s new ticket form.
        </Flag>
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogActions label={field ? "Save Field" : "Create Field"} pendingLabel="Saving..." pending={save.isPending} />
    </form>
  );
}

function Flag({
  id,
  checked,
  disabled,
  onChange,
  label,
  children,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  label: string;
  children: string;
}) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(on) => onChange(on === true)} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

/** Settings > Fields: add a field (field null) or edit one. */
export function FieldDialog({
  field,
  open,
  onOpenChange,
}: {
  field: CustomFieldJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={field ? `Edit field "${field.label}"` : "New field"}
      description="Information your team keeps on every ticket, such as an order number or the customer's plan."
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      {(done) => <FieldForm key={field?.id ?? "new"} field={field} onDone={done} />}
    </FormDialog>
  );
}
