import { Search } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
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

/**
 * The state of such a list: what is typed and which option is highlighted. `over(found, choose)`
 * keeps the highlight within the options found for the search and gives the field's props:
 * arrows move through the options, Enter chooses the highlighted one.
 */
export function useListboxSearch() {
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  return {
    search,
    listId,
    optionId,
    setActive,
    reset() {
      setSearch("");
      setActive(0);
    },
    over<T>(found: T[], choose: (option: T | undefined) => void) {
      const current = Math.min(active, Math.max(0, found.length - 1));
      const field = {
        listId,
        activeId: found.length ? optionId(current) : undefined,
        value: search,
        onSearch(value: string) {
          setSearch(value);
          setActive(0);
        },
        onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
          const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
          if (step && found.length) {
            event.preventDefault();
            const next = (current + step + found.length) % found.length;
            setActive(next);
            document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
          } else if (event.key === "Enter") {
            event.preventDefault();
            choose(found[current]);
          }
        },
      };
      return { current, field };
    },
  };
}
