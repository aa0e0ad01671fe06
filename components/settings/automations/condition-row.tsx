"use client";

import { isNumericField } from "@/lib/schemas/fields-custom";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/option-select";
import { CONDITION_FIELD_LABELS, operatorLabel } from "@/lib/automations/labels";
import {
  CONDITION_FIELDS,
  fieldOperators,
  type ConditionField,
  type ConditionOperator,
} from "@/lib/schemas/automations";
import { fieldOptions, isHours, withField, type Choices, type ConditionDraft, type FieldChoice } from "./rule-draft";
import { RuleRow, ValueSelect, valueAria } from "./rule-row";
import { TagsInput } from "./tags-input";

const fieldOptionsOf = (fields: readonly ConditionField[]) =>
  fields.map((f) => ({ value: f, label: CONDITION_FIELD_LABELS[f] }));
const FIELD_OPTIONS = fieldOptionsOf(CONDITION_FIELDS);
/** The organisation's custom fields after the built-in ones, under their labels. */
const customFieldOptions = (fields: readonly FieldChoice[] = []) =>
  fields.map((f) => ({ value: `field.${f.key}`, label: f.label }));

/** The value a condition compares with, in the control that fits its field and test. */
function ConditionValue({
  id,
  name,
  condition,
  choices,
  error,
  onChange,
}: {
  id: string;
  name: string;
  condition: ConditionDraft;
  choices: Choices;
  error?: string;
  onChange: (next: ConditionDraft) => void;
}) {
  const aria = valueAria(id, error);
  const options = fieldOptions(condition.field, choices);
  if (isHours(condition.operator))
    return (
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="number"
          min={1}
          inputMode="numeric"
          aria-label={`${name} hours`}
          className="w-28"
          value={condition.value}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
          {...aria}
        />
        <span className="text-sm text-muted-foreground">hours ago</span>
      </div>
    );
  if (options && condition.operator === "in")
    return (
      <div id={id} role="group" aria-label={`${name} values`} className="flex flex-wrap gap-x-4 gap-y-2 py-1" {...aria}>
        {options.map((o) => (
          <span key={o.value} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${o.value}`}
              checked={condition.values.includes(o.value)}
              onCheckedChange={(on) =>
                onChange({
                  ...condition,
                  values: on === true ? [...condition.values, o.value] : condition.values.filter((v) => v !== o.value),
                })
              }
            />
            <Label htmlFor={`${id}-${o.value}`} className="font-normal">
              {o.label}
            </Label>
          </span>
        ))}
      </div>
    );
  if (options)
    return (
      <ValueSelect
        id={id}
        name={name}
        error={error}
        value={condition.value}
        options={options}
        onChange={(value) => onChange({ ...condition, value })}
      />
    );
  if (condition.field === "tags")
    return (
      <TagsInput
        id={id}
        label={`${name} tag`}
        names={condition.value ? [condition.value] : []}
        single
        onChange={(names) => onChange({ ...condition, value: names[0] ?? "" })}
      />
    );
  const numeric = condition.operator !== "in" && isNumericField(condition.fieldType);
  return (
    <Input
      id={id}
      aria-label={`${name} value`}
      autoComplete="off"
      type={numeric ? "number" : undefined}
      step={numeric && condition.fieldType === "decimal" ? "any" : undefined}
      placeholder={
        condition.operator === "in"
          ? "Separate several with commas"
          : condition.fieldType === "date"
            ? "YYYY-MM-DD"
            : undefined
      }
      value={condition.value}
      onChange={(e) => onChange({ ...condition, value: e.target.value })}
      {...aria}
    />
  );
}

/** One condition: which field, which test, what value; removable. */
export function ConditionRow({
  id,
  name,
  condition,
  choices,
  fields,
  error,
  onChange,
  onRemove,
}: {
  id: string;
  /** "Condition 2 of all": names the row's controls for screen readers. */
  name: string;
  condition: ConditionDraft;
  choices: Choices;
  /** The fields offered, when fewer than all (an SLA policy looks only at some). */
  fields?: readonly ConditionField[];
  error?: string;
  onChange: (next: ConditionDraft) => void;
  onRemove: () => void;
}) {
  const operators = fieldOperators(condition.field).map((op) => ({
    value: op,
    label: operatorLabel(condition.field, op),
  }));
  return (
    <RuleRow
      id={id}
      name={name}
      columns="sm:grid-cols-[minmax(0,12rem)_minmax(0,10rem)_minmax(0,1fr)]"
      selects={
        <>
          <OptionSelect
            label={`${name} field`}
            value={condition.field}
            options={fields ? fieldOptionsOf(fields) : [...FIELD_OPTIONS, ...customFieldOptions(choices.fields)]}
            onChange={(field) => onChange(withField(condition, field as ConditionDraft["field"], choices))}
          />
          <OptionSelect
            label={`${name} test`}
            value={condition.operator}
            options={operators}
            onChange={(operator) =>
              onChange({
                ...condition,
                operator: operator as ConditionOperator,
                value: isHours(condition.operator) ? "" : condition.value,
              })
            }
          />
        </>
      }
      value={
        <ConditionValue id={id} name={name} condition={condition} choices={choices} error={error} onChange={onChange} />
      }
      error={error}
      onRemove={onRemove}
    />
  );
}
