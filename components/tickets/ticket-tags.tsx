"use client";

import { X } from "lucide-react";
import { toastError } from "@/components/ui/toast-error";
import { TAGS_PER_TICKET_MAX, tagKey } from "@/lib/tags/names";
import { TagCombobox } from "./tag-combobox";
import { useChangeTicketTags } from "./tag-queries";

/** A tag as a small chip; with `onRemove`, a button removes it (named for screen readers). */
export function TagChip({ name, onRemove, disabled }: { name: string; onRemove?: () => void; disabled?: boolean }) {
  return (
    <li className="inline-flex h-6 max-w-full items-center gap-0.5 rounded-md border bg-muted px-1.5 text-xs">
      <span className="truncate">{name}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove tag ${name}`}
          className="-mr-1 rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
        >
          <X className="size-3" aria-hidden />
        </button>
      )}
    </li>
  );
}

/**
 * A ticket's tags on its detail (staff): chips, and a typeahead that adds the chosen tag
 * (Enter) or removes the last one (Backspace in the empty input). Each change is saved at once;
 * the input stays enabled meanwhile, so the keyboard focus never leaves it.
 */
export function TicketTags({ ticketId, tags }: { ticketId: string; tags: string[] }) {
  const change = useChangeTicketTags(ticketId, {
    onError: (error) => toastError("Tags not saved", error, "Please try again later"),
  });
  const full = tags.length >= TAGS_PER_TICKET_MAX;
  const remove = (name: string) => change.mutate({ remove: [name] });
  return (
    <div className="grid gap-1.5">
      <span id={`tags-${ticketId}`} className="text-sm leading-none font-medium">
        Tags
      </span>
      <div className="flex flex-wrap items-center gap-1.5">
        {tags.length > 0 && (
          <ul aria-labelledby={`tags-${ticketId}`} className="flex flex-wrap gap-1.5">
            {tags.map((name) => (
              <TagChip key={tagKey(name)} name={name} onRemove={() => remove(name)} disabled={change.isPending} />
            ))}
          </ul>
        )}
        <TagCombobox
          label="Add tag"
          placeholder={full ? `At most ${TAGS_PER_TICKET_MAX} tags` : "Add tag..."}
          exclude={tags}
          className="w-48"
          inline
          onPick={(names) => change.mutate({ add: names })}
          onBackspaceEmpty={() => {
            const last = tags[tags.length - 1];
            if (last) remove(last);
          }}
        />
      </div>
    </div>
  );
}
