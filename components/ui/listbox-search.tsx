import { Search } from "lucide-react";
import type { KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

/**
 * The search field heading a filtered list one moves through with the arrow keys (the command
 * palette, the macro picker): a combobox that owns the listbox `listId`, the highlighted option
 * announced through `activeId` while focus stays in the field.
 */
export function ListboxSearch({
  listId,
  activeId,
  label,
  placeholder,
  value,
  onSearch,
  onKeyDown,
  className,
}: {
  listId: string;
  activeId: string | undefined;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  className?: string;
}) {
  return (
    <div className={cn("flex items-center gap-2 border-b px-3", className)}>
      <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <input
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onSearch(e.target.value)}
        onKeyDown={onKeyDown}
        className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
      />
    </div>
  );
}
