"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import type { CustomerMatch } from "@/lib/schemas/customers";
import { useCustomerSearch } from "./customer-queries";

/**
 * Finds an existing customer by name or email (searched on the server as the agent pauses
 * typing) and hands the choice back, so a ticket for a known customer uses their address.
 */
export function CustomerPicker({ onPick }: { onPick: (customer: CustomerMatch) => void }) {
  const listId = useId();
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useCustomerSearch(useDebounced(q.trim(), 250));
  const matches = q.trim().length >= 2 ? (search.data ?? []) : [];
  const showList = open && q.trim().length >= 2;

  function pick(customer: CustomerMatch) {
    onPick(customer);
    setQ("");
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!showList || matches.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const match = matches[active];
      if (match) pick(match);
    } else if (event.key === "Escape") {
      event.stopPropagation();
      setOpen(false);
    }
  }

  return (
    <div className="relative grid gap-2">
      <Label htmlFor="nt-customer-search">Find a customer</Label>
      <Input
        id="nt-customer-search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches[active] ? `${listId}-${active}` : undefined}
        placeholder="Search existing customers by name or email"
        autoComplete="off"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Customers"
          className="absolute top-full z-50 mt-1 max-h-60 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {matches.length === 0 ? (
            <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
              {search.isFetching ? "Searching..." : "No customers found"}
            </li>
          ) : (
            matches.map((m, i) => (
              <li
                key={m.email}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(m);
                }}
                className="grid cursor-default rounded-sm px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
              >
                <span className="truncate">{m.name}</span>
                <span className="truncate text-xs text-muted-foreground">{m.email}</span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
