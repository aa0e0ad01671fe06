"use client";

import { Plus } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { SelectField } from "@/components/ui/select-field";
import { SLA_POLICY_FIELDS, slaPolicyInputSchema } from "@/lib/schemas/sla-policies";
import { ConditionRow } from "../automations/condition-row";
import { newCondition, type Choices, type ConditionDraft } from "../automations/rule-draft";
import { calendarSpec } from "./calendar-draft";
import { errorAt } from "./form-errors";
import { useDraftForm } from "./use-draft-form";
import { emptyPolicyDraft, policyDraftOf, policyInput } from "./policy-draft";
import { PolicyPreview } from "./policy-preview";
import { useSavePolicy, type CalendarJson, type PolicyJson } from "./queries";
import { TargetsGrid } from "./targets-grid";

type ListKey = "all" | "any";

function Conditions({
  title,
  hint,
  error,
  children,
}: {
  title: string;
  hint: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">{title}</legend>
      <p className="text-xs text-muted-foreground">{hint}</p>
      {children}
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
    </fieldset>
  );
}

function PolicyForm({
  policy,
  calendars,
  choices,
  onDone,
}: {
  policy: PolicyJson | null;
  calendars: CalendarJson[];
  choices: Choices;
  onDone: () => void;
}) {
  const defaultCalendar = calendars.find((c) => c.isDefault) ?? calendars[0];
  const { draft, change, errors, formError, refused, checked } = useDraftForm(
    () => (policy ? policyDraftOf(policy, choices) : emptyPolicyDraft(defaultCalendar?.id ?? "")),
    slaPolicyInputSchema,
    policyInput,
  );
  const save = useSavePolicy(policy?.id ?? null, {
    // No toast: the dialog closes onto the list, which shows the policy as saved.
    onSuccess: () => onDone(),
    onError: refused,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = checked();
    if (!parsed) return;
    save.mutate(parsed);
  }

  function conditionList(key: ListKey) {
    const list = draft[key];
    return (
      <>
        {list.length > 0 && (
          <ul className="grid gap-2">
            {list.map((condition, i) => (
              <ConditionRow
                key={condition.key}
                id={`policy-${key}-${i}`}
                name={`Condition ${i + 1} of ${key}`}
                condition={condition}
                choices={choices}
                fields={SLA_POLICY_FIELDS}
                error={errorAt(errors, `conditions.${key}.${i}`)}
                onChange={(next: ConditionDraft) => change({ [key]: list.map((c) => (c.key === next.key ? next : c)) })}
                onRemove={() => change({ [key]: list.filter((c) => c.key !== condition.key) })}
              />
            ))}
          </ul>
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => change({ [key]: [...list, newCondition("priority")] })}
          >
            <Plus aria-hidden /> Add condition{key === "any" ? " to any" : ""}
          </Button>
        </div>
      </>
    );
  }

  const calendar = calendars.find((c) => c.id === draft.calendarId);
  return (
    <form onSubmit={submit} className="grid min-w-0 gap-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="policy-name" label="Name" error={errorAt(errors, "name")} required>
          <Input
            id="policy-name"
            placeholder="VIP customers"
            autoComplete="off"
            value={draft.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        </Field>
        <SelectField
          id="policy-calendar"
          label="Calendar"
          error={errorAt(errors, "calendarId")}
          value={draft.calendarId}
          options={calendars.map((c) => ({ value: c.id, label: c.isDefault ? `${c.name} (default)` : c.name }))}
          onChange={(calendarId) => change({ calendarId })}
        />
      </div>
      <Conditions
        title="If all of these are true"
        hint="Leave both lists empty for every ticket."
        error={errors.get("conditions.all")}
      >
        {conditionList("all")}
      </Conditions>
      <Conditions
        title="And any of these is true"
        hint="Optional: at least one of these must be true too."
        error={errors.get("conditions.any")}
      >
        {conditionList("any")}
      </Conditions>
      <TargetsGrid
        targets={draft.targets}
        errorOf={(priority, target) =>
          errorAt(errors, `targets.${priority}.${target}`) ?? errorAt(errors, `targets.${priority}`)
        }
        onChange={(targets) => change({ targets })}
      />
      <PolicyPreview calendar={calendar && calendarSpec(calendar)} targets={draft.targets} />
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogActions
        label={policy ? "Save Policy" : "Create Policy"}
        pendingLabel="Saving..."
        pending={save.isPending}
      />
    </form>
  );
}

/** Settings > SLA: a new policy (policy null) or a change to one, with a preview of its due times. */
export function PolicyDialog({
  policy,
  open,
  onOpenChange,
  ...form
}: {
  policy: PolicyJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  calendars: CalendarJson[];
  choices: Choices;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={policy ? `Edit policy "${policy.name}"` : "New policy"}
      description="Which tickets the policy takes, the calendar its clock runs on, and its targets for each priority."
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {(done) => <PolicyForm key={policy?.id ?? "new"} policy={policy} onDone={done} {...form} />}
    </FormDialog>
  );
}
