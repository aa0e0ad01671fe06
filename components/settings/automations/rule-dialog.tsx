"use client";

import { Eye, Plus } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ruleSentence, WHEN_LABELS, type RuleNames } from "@/lib/automations/labels";
import { AUTOMATION_WHEN, automationInputSchema, type AutomationInput } from "@/lib/schemas/automations";
import { ActionRow } from "./action-row";
import { ConditionRow } from "./condition-row";
import { usePreviewAutomation, useSaveAutomation, type AutomationJson } from "./queries";
import { emptyDraft, draftOf, newAction, newCondition, ruleInput, type Choices, type RuleDraft } from "./rule-draft";
import { errorAt, ruleErrors, serverRuleErrors, type RuleErrors } from "./rule-errors";
import { RulePreview } from "./rule-preview";

type ListKey = "all" | "any";

/** A titled part of the form with its own add button. */
function Part({ title, hint, error, children }: { title: string; hint?: string; error?: string; children: ReactNode }) {
  const id = `rule-part-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium">{title}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {children}
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
    </fieldset>
  );
}

function RuleForm({
  rule,
  choices,
  names,
  timeRules,
  onDone,
}: {
  rule: AutomationJson | null;
  choices: Choices;
  names: RuleNames;
  timeRules: boolean;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule, choices) : emptyDraft()));
  const [errors, setErrors] = useState<RuleErrors>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const preview = usePreviewAutomation({ onError: (error) => showServerErrors(error) });
  const save = useSaveAutomation(rule?.id ?? null, {
    // No toast: the dialog closes onto the list, which shows the rule as saved.
    onSuccess: () => onDone(),
    onError: (error) => showServerErrors(error),
  });

  function showServerErrors(error: unknown) {
    const found = serverRuleErrors(error);
    setErrors(found.byPlace);
    setFormError(found.form ?? (found.byPlace.size ? null : "Something went wrong. Please try again later."));
  }

  /** Any edit makes the last preview and the problems found stale. */
  function change(next: Partial<RuleDraft>) {
    setDraft((current) => ({ ...current, ...next }));
    setErrors(new Map());
    setFormError(null);
    preview.reset();
  }

  const parsed = automationInputSchema.safeParse(ruleInput(draft));

  /** The rule as the API takes it, or null with its problems shown beside their places. */
  function checked(): AutomationInput | null {
    if (parsed.success) return parsed.data;
    setErrors(ruleErrors(parsed.error.issues));
    toast({ title: "Validation Error", description: parsed.error.issues[0]?.message, variant: "destructive" });
    return null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    // A change leaves the rule on or off as it is: the list's switch does that.
    if (rule) save.mutate({ ...input, active: rule.active });
    else save.mutate(input);
  }

  function conditionList(key: ListKey) {
    const list = draft[key];
    const label = key === "all" ? "all" : "any";
    return (
      <>
        {list.length > 0 && (
          <ul className="grid gap-2">
            {list.map((condition, i) => (
              <ConditionRow
                key={condition.key}
                id={`rule-${key}-${i}`}
                name={`Condition ${i + 1} of ${label}`}
                condition={condition}
                choices={choices}
                error={errorAt(errors, `conditions.${key}.${i}`)}
                onChange={(next) => change({ [key]: list.map((c) => (c.key === next.key ? next : c)) })}
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
            onClick={() => change({ [key]: [...list, newCondition()] })}
          >
            <Plus aria-hidden /> Add condition{key === "any" ? " to any" : ""}
          </Button>
        </div>
      </>
    );
  }

  return (
    <form onSubmit={submit} className="grid min-w-0 gap-5" noValidate>
      <Field id="rule-name" label="Name" error={errorAt(errors, "name")} required>
        <Input
          id="rule-name"
          placeholder="Refunds to Billing"
          autoComplete="off"
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
        />
      </Field>

      <Part title="When does it run?" error={errorAt(errors, "when")}>
        <div className="grid gap-2">
          {AUTOMATION_WHEN.map((when) => {
            const locked = when === "time" && !timeRules;
            return (
              <label key={when} className="flex items-start gap-2 text-sm has-disabled:text-muted-foreground">
                <input
                  type="radio"
                  name="rule-when"
                  value={when}
                  className="mt-0.5 size-4 accent-primary"
                  checked={draft.when === when}
                  disabled={locked}
                  onChange={() => change({ when })}
                />
                <span>
                  {WHEN_LABELS[when]}
                  {locked && <span className="block text-xs">Part of the Enterprise plan (advanced automation)</span>}
                </span>
              </label>
            );
          })}
        </div>
      </Part>

      <Part
        title="If all of these are true"
        hint="Leave this empty for every ticket."
        error={errors.get("conditions.all")}
      >
        {conditionList("all")}
      </Part>

      <Part
        title="And any of these is true"
        hint="Optional: at least one of these must be true too."
        error={errors.get("conditions.any")}
      >
        {conditionList("any")}
      </Part>

      <Part title="Then do this" error={errors.get("actions")}>
        {draft.actions.length > 0 && (
          <ul className="grid gap-2">
            {draft.actions.map((action, i) => (
              <ActionRow
                key={action.key}
                id={`rule-action-${i}`}
                name={`Action ${i + 1}`}
                action={action}
                choices={choices}
                error={errorAt(errors, `actions.${i}`)}
                onChange={(next) => change({ actions: draft.actions.map((a) => (a.key === next.key ? next : a)) })}
                onRemove={() => change({ actions: draft.actions.filter((a) => a.key !== action.key) })}
              />
            ))}
          </ul>
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => change({ actions: [...draft.actions, newAction()] })}
          >
            <Plus aria-hidden /> Add action
          </Button>
        </div>
      </Part>

      {parsed.success && (
        <p className="rounded-md border-l-4 border-primary bg-muted/40 p-3 text-sm" data-testid="rule-sentence">
          {ruleSentence(parsed.data, names)}
        </p>
      )}

      <div className="grid gap-2">
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={preview.isPending}
            onClick={() => {
              const input = checked();
              if (input) preview.mutate(input);
            }}
          >
            <Eye aria-hidden /> {preview.isPending ? "Looking..." : "Preview"}
          </Button>
        </div>
        {/* Announced when the answer comes, as the button's result. */}
        <div aria-live="polite">{preview.data && <RulePreview preview={preview.data} names={names} />}</div>
      </div>

      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogActions label={rule ? "Save Rule" : "Create Rule"} pendingLabel="Saving..." pending={save.isPending} />
    </form>
  );
}

/** Settings > Automations: write a new rule (rule null) or change one, with a preview before saving. */
export function RuleDialog({
  rule,
  open,
  onOpenChange,
  ...form
}: {
  rule: AutomationJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  choices: Choices;
  names: RuleNames;
  timeRules: boolean;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? `Edit rule "${rule.name}"` : "New rule"}
      description="Say when the rule runs, which tickets it applies to and what it does to them. Preview it on your latest tickets before saving."
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {(done) => <RuleForm key={rule?.id ?? "new"} rule={rule} onDone={done} {...form} />}
    </FormDialog>
  );
}
