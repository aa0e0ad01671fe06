"use client";

import { useRef, type FormEvent } from "react";
import { useAssignableUsers } from "@/components/tickets/queries";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormDialog } from "@/components/ui/form-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Option } from "@/components/ui/option-select";
import { SelectField } from "@/components/ui/select-field";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError } from "@/lib/http/client/api";
import { PLACEHOLDERS, placeholderProblem, placeholderToken } from "@/lib/macros/placeholders";
import { macroInputSchema, UNASSIGN } from "@/lib/schemas/macros";
import { PRIORITY_LABELS, STATUS_LABELS, TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";
import { useSaveMacro, type MacroJson } from "./queries";

/** The select value for "leave this field as it is" (a select cannot hold an empty value). */
const KEEP = "keep";
const keepOr = (value: string | null) => value ?? KEEP;
const orNull = (value: string) => (value === KEEP ? null : value);

const withKeep = (labels: Record<string, string>, values: readonly string[]): Option[] => [
  { value: KEEP, label: "No change" },
  ...values.map((v) => ({ value: v, label: labels[v] ?? v })),
];

/** Tags are typed as one line, separated by commas (a tag name has none). */
type FormValues = { name: string; body: string; status: string; priority: string; assignee: string; tags: string };
type FormField = keyof FormValues;
const FIELDS: readonly string[] = ["name", "body", "status", "priority", "assignee", "tags"] satisfies FormField[];
const tagList = (typed: string) => typed.split(",").flatMap((t) => (t.trim() ? [t.trim()] : []));

/** The server's per-field problems (a 400 with issues) beside their fields. */
function serverIssues(error: unknown): { field: FormField; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const issues = error.details.issues;
  if (Array.isArray(issues))
    return issues
      .map((i: { path?: unknown; message?: unknown }) => ({
        // A tag's problem comes with its place in the list ("tags,1"): it belongs to the tags field.
        field: String(Array.isArray(i.path) ? i.path[0] : i.path) as FormField,
        message: String(i.message),
      }))
      .filter((i) => FIELDS.includes(i.field));
  // A taken name is a conflict about the name.
  return error.code === "conflict" ? [{ field: "name", message: error.error }] : [];
}

function MacroForm({ macro, onDone }: { macro: MacroJson | null; onDone: () => void }) {
  const form = useZodForm(macroInputSchema, {
    name: macro?.name ?? "",
    body: macro?.body ?? "",
    status: keepOr(macro?.status ?? null),
    priority: keepOr(macro?.priority ?? null),
    assignee: keepOr(macro?.assignee ?? null),
    tags: macro?.tags.join(", ") ?? "",
  } satisfies FormValues);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const assignable = useAssignableUsers();
  const save = useSaveMacro(macro?.id ?? null, {
    // No toast: the dialog closes onto the list, which shows the macro as saved.
    onSuccess: () => onDone(),
    onError: (error) => {
      const issues = serverIssues(error);
      for (const issue of issues) form.setError(issue.field, issue.message);
      toastError("Could not save the macro", error, "Please try again later");
    },
  });
  // Checked as the admin types, by the rule the server applies when saving.
  const liveProblem = form.values.body.trim() ? placeholderProblem(form.values.body) : null;

  function insertPlaceholder(key: string) {
    const area = bodyRef.current;
    const text = form.values.body;
    const token = placeholderToken(key);
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    form.setValue("body", text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error", {
      status: orNull(form.values.status),
      priority: orNull(form.values.priority),
      assignee: orNull(form.values.assignee),
      tags: tagList(form.values.tags),
    });
    if (parsed) save.mutate(parsed);
  }

  const assignees: Option[] = [
    { value: KEEP, label: "No change" },
    { value: UNASSIGN, label: "Unassign" },
    ...(assignable.data ?? []).map((u) => ({ value: u.id, label: u.fullName })),
  ];
  // A saved assignee who can no longer be chosen still shows by name until changed.
  if (macro?.assignee && macro.assignee !== UNASSIGN && !assignees.some((o) => o.value === macro.assignee))
    assignees.push({ value: macro.assignee, label: macro.assigneeName ?? "A former team member" });

  /** What sending the reply changes on the ticket. */
  const changes = [
    { field: "status", label: "Status", options: withKeep(STATUS_LABELS, TICKET_STATUSES) },
    { field: "priority", label: "Priority", options: withKeep(PRIORITY_LABELS, TICKET_PRIORITIES) },
    { field: "assignee", label: "Assignee", options: assignees },
  ] as const;

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="macro-name" label="Name" error={form.errors.name} required>
        <Input id="macro-name" placeholder="Refund issued" autoComplete="off" {...form.text("name")} />
      </Field>
      <Field
        id="macro-body"
        label="Reply text"
        error={form.errors.body ?? liveProblem ?? undefined}
        hint="Placeholders are filled in from the ticket when an agent applies the macro."
        required
      >
        <Textarea id="macro-body" ref={bodyRef} rows={6} {...form.text("body")} />
      </Field>
      <div className="grid gap-2">
        <span id="macro-placeholders-label" className="text-sm font-medium">
          Insert a placeholder
        </span>
        <div role="group" aria-labelledby="macro-placeholders-label" className="flex flex-wrap gap-1.5">
          {PLACEHOLDERS.map((p) => (
            <Button
              key={p.key}
              type="button"
              variant="outline"
              size="sm"
              className="h-7 font-mono text-xs"
              title={p.description}
              aria-label={`Insert ${placeholderToken(p.key)}: ${p.description}`}
              onClick={() => insertPlaceholder(p.key)}
            >
              {placeholderToken(p.key)}
            </Button>
          ))}
        </div>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">When the reply is sent</legend>
        {changes.map(({ field, label, options }) => (
          <SelectField
            key={field}
            id={`macro-${field}`}
            label={label}
            error={form.errors[field]}
            value={form.values[field]}
            options={options}
            onChange={(v) => form.setValue(field, v)}
          />
        ))}
        <div className="sm:col-span-3">
          <Field id="macro-tags" label="Add tags" hint="Separated by commas" error={form.errors.tags}>
            <Input id="macro-tags" placeholder="billing, refund" autoComplete="off" {...form.text("tags")} />
          </Field>
        </div>
      </fieldset>
      <DialogActions label={macro ? "Save Macro" : "Create Macro"} pendingLabel="Saving..." pending={save.isPending} />
    </form>
  );
}

/** Settings > Macros: create a macro (macro null) or edit one. */
export function MacroDialog({
  macro,
  open,
  onOpenChange,
}: {
  macro: MacroJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={macro ? `Edit macro "${macro.name}"` : "New macro"}
      description="A reply your team inserts with one click, plus optional changes made to the ticket when the reply is sent."
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      {(done) => <MacroForm key={macro?.id ?? "new"} macro={macro} onDone={done} />}
    </FormDialog>
  );
}
