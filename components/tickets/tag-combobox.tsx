"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { checkTagName, tagKey } from "@/lib/tags/names";
import { cn } from "@/lib/utils";
import { useTagSearch } from "./tag-queries";

type Props = {
  /** The input's accessible name. */
  label: string;
  placeholder: string;
  /** Called with each chosen name (a suggestion, or what was typed; commas separate several). */
  onPick: (names: string[]) => void;
  /** Names already chosen: not offered again. */
  exclude?: string[];
  /** Backspace in the empty input (removes the last chip). */
  onBackspaceEmpty?: () => void;
  /** Offer what was typed as a new tag (off for a filter: only existing tags match anything). */
  allowNew?: boolean;
  disabled?: boolean;
  className?: string;
  id?: string;
  /** Focus the input when it appears (opened on purpose by a button). */
  autoFocus?: boolean;
  /** The suggestions take room below the input instead of floating (inside a scrolling pane, which would clip them). */
  inline?: boolean;
};

type Option = { name: string; isNew: boolean };

/**
 * A tag typeahead: suggestions are the organisation's tags starting with what is typed (asked
 * as the agent pauses); Arrow keys move through them, Enter takes the highlighted one (or the
 * typed text), Escape closes the list.
 */
export function TagCombobox({
  label,
  placeholder,
  onPick,
  exclude = [],
  onBackspaceEmpty,
  allowNew = true,
  disabled,
  className,
  id,
  inline = false,
  autoFocus = false,
}: Props) {
  const listId = useId();
  const errorId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Enter in an empty input takes a suggestion only once the agent moved to it with the arrows.
  const [navigated, setNavigated] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typed = text.trim();
  const q = useDebounced(typed, 150);
  const search = useTagSearch(q, { enabled: open && !disabled });
  const excluded = new Set(exclude.map(tagKey));
  const matches: Option[] = (search.data ?? [])
    .filter((t) => !excluded.has(tagKey(t.name)) && tagKey(t.name).startsWith(tagKey(typed)))
    .map((t) => ({ name: t.name, isNew: false }));
  const typedIsNew =
    allowNew && typed !== "" && !typed.includes(",") && !matches.some((m) => tagKey(m.name) === tagKey(typed));
  const options: Option[] = [...matches, ...(typedIsNew ? [{ name: typed, isNew: true }] : [])];
  const showList = open && (typed !== "" || options.length > 0);
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const listRef = useRef<HTMLUListElement>(null);
  // An inline list may open below the fold of a scrolling pane: bring it into view.
  useEffect(() => {
    if (inline && showList) listRef.current?.scrollIntoView({ block: "nearest" });
  }, [inline, showList, options.length]);

  function choose(raw: string[]) {
    const names: string[] = [];
    for (const part of raw) {
      const checked = checkTagName(part);
      if ("problem" in checked) return setError(checked.problem);
      if (!excluded.has(tagKey(checked.name))) names.push(checked.name);
    }
    setError(null);
    setText("");
    setActive(0);
    setNavigated(false);
    // Closed after a choice: a list folding away under the pointer would move the buttons below it.
    setOpen(false);
    if (names.length) onPick(names);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (navigated || typed !== "") setActive((current + step + options.length) % options.length);
      setNavigated(true);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = showList && (navigated || typed !== "") ? options[current] : undefined;
      if (option) choose([option.name]);
      else if (typed.includes(",") && allowNew) choose(typed.split(",").filter((p) => p.trim() !== ""));
      else if (typed !== "") choose([typed]);
    } else if (event.key === "Escape" && showList) {
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Backspace" && text === "" && onBackspaceEmpty) {
      event.preventDefault();
      onBackspaceEmpty();
    }
  }

  return (
    <div className={cn("relative grid gap-1", className)}>
      <Input
        id={id}
        role="combobox"
        aria-label={label}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={
          showList && (navigated || typed !== "") && options[current] ? `${listId}-${current}` : undefined
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={placeholder}
        autoComplete="off"
        // Only ever set right after the agent pressed "Filter by tag": focus goes where they asked.
        autoFocus={autoFocus}
        disabled={disabled}
        value={text}
        className="h-7 text-xs"
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setNavigated(false);
          setOpen(true);
          setError(null);
        }}
        // A floating list may open on focus; an inline one only once the agent types or presses an arrow.
        onFocus={() => inline || setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {error && (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      )}
      {showList && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Tags"
          className={cn(
            "max-h-60 w-full min-w-48 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground",
            inline ? "max-h-40" : "absolute top-8 z-50 shadow-md",
          )}
        >
          {options.length === 0 ? (
            <li role="presentation" className="px-2 py-1.5 text-xs text-muted-foreground">
              {search.isFetching ? "Searching..." : "No tags found"}
            </li>
          ) : (
            options.map((o, i) => (
              <li
                key={`${o.isNew}-${o.name}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={(navigated || typed !== "") && i === current}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose([o.name]);
                }}
                className="cursor-default truncate rounded-sm px-2 py-1 text-xs aria-selected:bg-accent aria-selected:text-accent-foreground"
              >
                {o.isNew ? `Create tag “${o.name}”` : o.name}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
