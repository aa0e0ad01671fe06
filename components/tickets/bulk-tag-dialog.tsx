"use client";

import { useState } from "react";
import { Tag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { tagKey } from "@/lib/tags/names";
import { TagCombobox } from "./tag-combobox";
import { TagChip } from "./ticket-tags";

/**
 * The bulk bar's tagging: pick one or more tags (typeahead, new names allowed), then add them
 * to every selected ticket or remove them from every one, in one request.
 */
export function BulkTagDialog({
  count,
  disabled,
  onApply,
}: {
  count: number;
  disabled: boolean;
  onApply: (change: { addTags: string[] } | { removeTags: string[] }) => void;
}) {
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  const apply = (change: { addTags: string[] } | { removeTags: string[] }) => {
    onApply(change);
    setOpen(false);
    setNames([]);
  };
  const tickets = `${count} ${count === 1 ? "ticket" : "tickets"}`;
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" className="h-6 gap-0.5 px-1.5 text-xs" disabled={disabled}>
          <Tag className="size-3" aria-hidden />
          Tag
        </Button>
      }
      title={`Tag ${tickets}`}
      description="Choose tags, then add them to or remove them from the selected tickets."
      className="sm:max-w-md"
    >
      {names.length > 0 && (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-1.5">
          {names.map((name) => (
            <TagChip key={tagKey(name)} name={name} onRemove={() => setNames(names.filter((n) => n !== name))} />
          ))}
        </ul>
      )}
      <TagCombobox
        label="Tags to apply"
        placeholder="Type a tag..."
        exclude={names}
        inline
        onPick={(picked) => setNames([...names, ...picked])}
        onBackspaceEmpty={() => setNames(names.slice(0, -1))}
      />
      <DialogFooter>
        <Button variant="outline" disabled={names.length === 0} onClick={() => apply({ removeTags: names })}>
          Remove from {tickets}
        </Button>
        <Button disabled={names.length === 0} onClick={() => apply({ addTags: names })}>
          Add to {tickets}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
