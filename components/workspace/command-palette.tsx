"use client";

import { useQuery } from "@tanstack/react-query";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { BookOpen, Keyboard, LayoutDashboard, MessageSquareText, Plus, Ticket } from "lucide-react";
import { useMemo } from "react";
import { DialogOverlay, DialogPortal } from "@/components/ui/dialog";
import { ListboxSearch, useListboxSearch } from "@/components/ui/listbox-search";
import { useArticleTargetOpen } from "@/components/kb/article-target";
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
import { MATCH, matchScore, ranked } from "./command-match";
import { usePageCommands } from "./page-commands";
import type { Command } from "./palette-command";
import { queuesFor } from "./queues";
import { useTicketCommands } from "./ticket-commands";
import type { ChangeTicket } from "./use-undoable-change";
import { navigateWorkspace } from "./workspace-location";

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
 * Ctrl/Cmd+K: jump to a queue, a page or a ticket by number or subject, or act on the open
 * ticket ("resolve", "set priority high", "assign to me", a macro by name), without leaving the
 * keyboard. A combobox over a list box (the ARIA pattern screen readers expect).
 */
export function CommandPalette({
  open,
  onOpenChange,
  view,
  ticketId,
  changeTicket,
  onNewTicket,
  onShortcuts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: View;
  /** The open ticket, which the ticket actions change (through `changeTicket`, with Undo). */
  ticketId: string | null;
  changeTicket: ChangeTicket;
  onNewTicket: () => void;
  onShortcuts: () => void;
}) {
  const list = useListboxSearch();
  const { search, listId, optionId } = list;
  const matches = useTicketMatches(open ? search : "");
  const ticketCommands = useTicketCommands(ticketId, changeTicket);
  const pageCommands = usePageCommands();
  // Macros are offered while a reply box is open (they insert into it), to people who may use them.
  const applyMacro = useMacroTargetApply();
  const me = useCurrentUser();
  const mayUseMacros = can(me, "macros.read");
  const macros = useMacros({ enabled: open && !!applyMacro && mayUseMacros });
  // Knowledge base articles likewise go into the open reply box, through its own article picker.
  const openArticles = useArticleTargetOpen();
  const mayInsertArticles = can(me, "kb.read");

  const commands = useMemo(() => {
    const typed = search.trim();
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
      ...queuesFor(me).map(({ view, label, icon: Icon }) => ({
        id: `queue-${view}`,
        group: "Go to",
        label,
        keywords: "queue",
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
      ...pageCommands,
    ];
    const actions: Command[] = [
      {
        id: "new-ticket",
        group: "Actions",
        label: "New Ticket",
        keywords: "create",
        shortcut: "c",
        icon: <Plus aria-hidden />,
        run: onNewTicket,
      },
      {
        id: "shortcuts",
        group: "Actions",
        label: "Keyboard shortcuts",
        keywords: "help keys",
        shortcut: "?",
        icon: <Keyboard aria-hidden />,
        run: onShortcuts,
      },
      ...(openArticles && mayInsertArticles
        ? [
            {
              id: "insert-article",
              group: "Actions",
              label: "Insert article",
              keywords: "knowledge base help center link reply",
              icon: <BookOpen aria-hidden />,
              run: openArticles,
            },
          ]
        : []),
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
    const score = (command: Command) => ({ command, score: matchScore(typed, command.label, command.keywords) });
    return ranked([
      ...ticketCommands.map(score),
      ...places.map(score),
      // The server found these by number, subject or customer: they fit, if less than a command named so.
      ...tickets.map((command) => ({ command, score: MATCH.somewhere })),
      // Only once something is typed ("macro" lists them all): an organisation may have many.
      ...(typed ? macroCommands.map(score) : []),
      ...actions.map(score),
    ]);
  }, [
    search,
    matches.data,
    view,
    onNewTicket,
    onShortcuts,
    applyMacro,
    openArticles,
    mayInsertArticles,
    me,
    mayUseMacros,
    macros.data,
    ticketCommands,
    pageCommands,
  ]);

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
            Type to find a queue, a page, a ticket by number or subject, or an action; Enter runs it.
          </DialogPrimitive.Description>
          <ListboxSearch
            label="Search commands and tickets"
            placeholder="Go to a queue, find a ticket (#123 or subject), resolve, set priority..."
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
                      aria-keyshortcuts={c.shortcut}
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
                      {c.shortcut && (
                        <kbd
                          aria-hidden
                          className="rounded border bg-muted px-1.5 font-mono text-xs text-muted-foreground"
                        >
                          {c.shortcut}
                        </kbd>
                      )}
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
