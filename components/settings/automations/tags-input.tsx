"use client";

import { TagCombobox } from "@/components/tickets/tag-combobox";
import { TagChip } from "@/components/tickets/ticket-tags";
import { tagKey } from "@/lib/tags/names";

/**
 * Tags a rule names, chosen as on a ticket: chips, and the organisation's tags offered as the
 * admin types (a new name allowed). With `single` a choice replaces the one before.
 */
export function TagsInput({
  id,
  label,
  names,
  single = false,
  onChange,
}: {
  id: string;
  label: string;
  names: string[];
  single?: boolean;
  onChange: (names: string[]) => void;
}) {
  return (
    <div className="grid gap-1.5">
      {names.length > 0 && (
        <ul aria-label={`${label}: chosen`} className="flex flex-wrap gap-1.5">
          {names.map((name) => (
            <TagChip key={tagKey(name)} name={name} onRemove={() => onChange(names.filter((n) => n !== name))} />
          ))}
        </ul>
      )}
      <TagCombobox
        id={id}
        label={label}
        placeholder={single && names.length ? "Type another tag..." : "Type a tag..."}
        exclude={names}
        inline
        onPick={(picked) => onChange(single ? picked.slice(0, 1) : [...names, ...picked])}
        onBackspaceEmpty={() => onChange(names.slice(0, -1))}
      />
    </div>
  );
}
