"use client";

import { useQuery } from "@tanstack/react-query";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Keyboard, LayoutDashboard, MessageSquareText, Plus, Ticket } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { DialogOverlay, DialogPortal } from "@/components/ui/dialog";
import { ListboxSearch, useListboxSearch } from "@/components/ui/listbox-search";
import { useMacroTargetApply } from "@/components/macros/macro-target";
import { useMacros } from "@/components/macros/queries";
import { ticketKeys } from "@/components/tickets/queries";
import type { TicketJson } from "@/lib/schemas/tickets";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";
import { throwIfNotOk } from "@/lib/http/client/api";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { cn } from "@/lib/utils";
import type { View } from "@/lib/tickets/views";
import { QUEUES } from "./queues";
import { navigateWorkspace } from "./workspace-location";

type Command = { id: string; group: string; label: string; hint?: string; icon: ReactNode; run: () => void };

/** Tickets of the whole organisation (any queue) whose number, subject or customer matches. */
function useTicketMatches(search: string) {
  const q = useDebounced(search.trim(), 200);
  const params = new URLSearchParams({ q, limit: "8" }).toString();
  const query = useQuery<TicketJson[]>({
    queryKey: [...ticketKeys.lists, "palette", params],
    queryFn: async () => {
      const res = await fetch(`/api/tickets?${params}`, { credentials: "include" });
      await throwIfNotOk(res);
      return (await res.json()) as TicketJson[];
    },
    enabled: q.length > 0,
  });
  // Results of an earlier search never stand in for this one (Enter would open the wrong ticket).
  return { ...query, data: q === search.trim() ? query.data : undefined };
}

/**
 * Ctrl/Cmd+K: jump to a queue, to a ticket by number or subject, or run an action, without
 * leaving the keyboard. A combobox over a list box (the ARIA pattern screen readers expect).
 */
export function CommandPalette({
  open,
  onOpenChange,
  view,
  onNewTicket,
  onShortcuts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: View;
  onNewTicket: () => void;
  onShortcuts: () => void;
}) {
  const list = useListboxSearch();
  const { search, listId, optionId } = list;
  const matches = useTicketMatches(open ? search : "");
  // Macros are offered while a reply box is open (they insert into it), to people who may use them.
  const applyMacro = useMacroTargetApply();
  const mayUseMacros = can(useCurrentUser(), "macros.read");
  const macros = useMacros({ enabled: open && !!applyMacro && mayUseMacros });

  const commands = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const fits = (label: string) => !needle || label.toLowerCase().includes(needle);
    const go = (section: string) => () => navigateWorkspace({ section, ticket: null });
    const tickets: Command[] = (matches.data ?? []).map((t) => ({
      id: `ticket-${t.id}`,
      group: "Tickets",
      label: t.subject,
      hint: `#${t.ticketNumber}`,
      icon: <Ticket aria-hidden />,
      run: () => navigateWorkspace({ section: view, ticket: t.ticketNumber }),
    }));
    const places: Command[] = [
      ...QUEUES.map(({ view, label, icon: Icon }) => ({
        id: `queue-${view}`,
        group: "Go to",
        label,
        icon: <Icon aria-hidden />,
        run: go(view),
      })),
      {
        id: "dashboard",
        group: "Go to",
        label: "Dashboard",
        icon: <LayoutDashboard aria-hidden />,
        run: go("dashboard"),
      },
    ];
    const actions: Command[] = [
      {
        id: "new-ticket",
        group: "Actions",
        label: "New Ticket",
        hint: "c",
        icon: <Plus aria-hidden />,
        run: onNewTicket,
      },
      {
        id: "shortcuts",
        group: "Actions",
        label: "Keyboard shortcuts",
        hint: "?",
        icon: <Keyboard aria-hidden />,
        run: onShortcuts,
      },
    ];
    const macroCommands: Command[] =
      applyMacro && mayUseMacros
        ? (macros.data?.macros ?? []).map((macro) => ({
            id: `macro-${macro.id}`,
            group: "Macros",
            label: `Apply macro: ${macro.name}`,
            icon: <MessageSquareText aria-hidden />,
            run: () => applyMacro(macro),
          }))
        : [];
    // Places first (few, and what "go" usually means), then matching tickets, macros, then actions.
    const all = [
      ...places.filter((c) => fits(c.label)),
      ...tickets,
      // Only once something is typed ("macro" lists them all): an organisation may have many.
      ...(needle ? macroCommands.filter((c) => fits(c.label)) : []),
      ...actions.filter((c) => fits(c.label)),
    ];
    return all;
  }, [search, matches.data, view, onNewTicket, onShortcuts, applyMacro, mayUseMacros, macros.data]);

  const { current, field } = list.over(commands, run);

  function close() {
    onOpenChange(false);
    list.reset();
  }
  function run(command: Command | undefined) {
    if (!command) return;
    close();
    // After the palette has closed and handed the focus back, so a dialog it opens keeps it.
    requestAnimationFrame(command.run);
  }
  const groups = [...new Set(commands.map((c) => c.group))];
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          data-slot="command-palette"
          className="fixed top-[15vh] left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg sm:max-w-xl"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Type to find a queue, a ticket by number or subject, or an action; Enter runs it.
          </DialogPrimitive.Description>
          <ListboxSearch
            label="Search commands and tickets"
            placeholder="Go to a queue, find a ticket (#123 or subject), run an action..."
            {...field}
          />
          <div id={listId} role="listbox" aria-label="Results" className="max-h-80 overflow-y-auto p-1">
            {commands.length === 0 && (
              <p className="p-3 text-sm text-muted-foreground">
                {matches.isFetching ? "Searching tickets..." : "Nothing matches"}
              </p>
            )}
            {groups.map((group) => (
              <div key={group} role="group" aria-label={group}>
                <p aria-hidden className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                  {group}
                </p>
                {commands.map((c, i) =>
                  c.group !== group ? null : (
                    <div
                      key={c.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === current}
                      onMouseMove={() => list.setActive(i)}
                      onClick={() => run(c)}
                      className={cn(
                        "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-muted-foreground",
                        i === current && "bg-accent text-accent-foreground",
                      )}
                    >
                      {c.icon}
                      <span className="min-w-0 flex-1 truncate">{c.label}</span>
                      {c.hint && <span className="text-xs text-muted-foreground">{c.hint}</span>}
                    </div>
                  ),
                )}
              </div>
            ))}
          </div>
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}
