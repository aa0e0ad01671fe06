"use client";

import { isNumericField } from "@/lib/schemas/fields-custom";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/option-select";
import { Textarea } from "@/components/ui/textarea";
import { ACTION_LABELS } from "@/lib/automations/labels";
import { PLACEHOLDERS, placeholderToken } from "@/lib/macros/placeholders";
import { ACTION_TYPES, type ActionType } from "@/lib/schemas/automations";
import { actionOptions, customValueOptions, newAction, splitList, type ActionDraft, type Choices } from "./rule-draft";
import { RuleRow, ValueSelect, valueAria } from "./rule-row";
import { TagsInput } from "./tags-input";

const TYPE_OPTIONS = ACTION_TYPES.map((t) => ({ value: t, label: ACTION_LABELS[t] }));
const TEXT_ACTIONS: readonly ActionType[] = ["add_note", "email_customer", "email_group"];

/** The placeholders a rule's text may hold, as in macros: filled in for each ticket. */
function PlaceholderHelp({ id }: { id: string }) {
  return (
    <details id={id} className="text-xs text-muted-foreground">
      <summary className="cursor-pointer">Placeholders you can use</summary>
      <ul className="mt-1 grid gap-0.5">
        {PLACEHOLDERS.map((p) => (
          <li key={p.key}>
            <code className="text-foreground">{placeholderToken(p.key)}</code> {p.description}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A custom field's new value, in the control its type takes; empty clears the field. */
function FieldValue({
  id,
  name,
  action,
  choices,
  error,
  onChange,
}: {
  id: string;
  name: string;
  action: ActionDraft;
  choices: Choices;
  error?: string;
  onChange: (value: string) => void;
}) {
  const field = choices.fields?.find((f) => f.key === action.fieldKey);
  if (!field) return null;
  if (field.type === "multi_select")
    return (
      <TagsInput
        id={id}
        label={`${name} options`}
        names={splitList(action.value)}
        onChange={(names) => onChange(names.join(", "))}
      />
    );
  const options = customValueOptions(field.type, field.options);
  if (options)
    return (
      <ValueSelect
        id={id}
        name={name}
        error={error}
        value={action.value}
        options={[{ value: " ", label: "Empty (clear the field)" }, ...options]}
        onChange={onChange}
      />
    );
  const numeric = isNumericField(field.type);
  return (
    <Input
      id={id}
      aria-label={`${name} value`}
      autoComplete="off"
      type={numeric ? "number" : undefined}
      step={field.type === "decimal" ? "any" : undefined}
      placeholder={field.type === "date" ? "YYYY-MM-DD (empty clears the field)" : "Empty clears the field"}
      value={action.value}
      onChange={(e) => onChange(e.target.value)}
      {...valueAria(id, error)}
    />
  );
}

/** The value an action sets, in the control that fits its type. */
function ActionValue({
  id,
  name,
  action,
  choices,
  error,
  onChange,
}: {
  id: string;
  name: string;
  action: ActionDraft;
  choices: Choices;
  error?: string;
  onChange: (value: string) => void;
}) {
  if (action.type === "set_field")
    return <FieldValue id={id} name={name} action={action} choices={choices} error={error} onChange={onChange} />;
  const options = actionOptions(action.type, choices);
  if (options)
    return <ValueSelect id={id} name={name} error={error} value={action.value} options={options} onChange={onChange} />;
  if (TEXT_ACTIONS.includes(action.type))
    return (
      <div className="grid gap-1">
        <Textarea
          id={id}
          aria-label={`${name} text`}
          rows={3}
          placeholder="Hi {{customer.firstName}}, ..."
          value={action.value}
          onChange={(e) => onChange(e.target.value)}
          {...valueAria(id, error)}
        />
        <PlaceholderHelp id={`${id}-placeholders`} />
      </div>
    );
  return (
    <TagsInput
      id={id}
      label={`${name} tags`}
      names={splitList(action.value)}
      onChange={(names) => onChange(names.join(", "))}
    />
  );
}

/** One action: what it does and with which value; removable. */
export function ActionRow({
  id,
  name,
  action,
  choices,
  error,
  onChange,
  onRemove,
}: {
  id: string;
  /** "Action 2": names the row's controls for screen readers. */
  name: string;
  action: ActionDraft;
  choices: Choices;
  error?: string;
  onChange: (next: ActionDraft) => void;
  onRemove?: () => void;
}) {
  return (
    <RuleRow
      id={id}
      name={name}
      columns="sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]"
      selects={
        <div className="grid gap-2">
          <OptionSelect
            label={`${name} type`}
            value={action.type}
            options={TYPE_OPTIONS.filter(
              (o) => o.value !== "set_field" || (choices.fields?.length ?? 0) > 0 || action.type === "set_field",
            )}
            onChange={(type) => onChange({ ...newAction(type as ActionType), key: action.key })}
          />
          {action.type === "set_field" && (
            <OptionSelect
              label={`${name} field`}
              placeholder="Choose a field..."
              value={action.fieldKey ?? ""}
              options={(choices.fields ?? []).map((f) => ({ value: f.key, label: f.label }))}
              onChange={(key) =>
                onChange({
                  ...action,
                  fieldKey: key,
                  fieldType: choices.fields?.find((f) => f.key === key)?.type,
                  value: "",
                })
              }
            />
          )}
        </div>
      }
      value={
        <ActionValue
          id={id}
          name={name}
          action={action}
          choices={choices}
          error={error}
          onChange={(value) => onChange({ ...action, value })}
        />
      }
      error={error}
      onRemove={onRemove}
    />
  );
}
