import { Field } from "./field";
import { OptionSelect, type Option } from "./option-select";

/** A form row choosing one of a fixed list of options, named by its label. */
export function SelectField({
  id,
  label,
  error,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <OptionSelect id={id} label={label} value={value} options={options} onChange={onChange} />
    </Field>
  );
}
