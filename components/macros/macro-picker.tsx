"use client";

import { MessageSquareText } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ListboxSearch, useListboxSearch } from "@/components/ui/listbox-search";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useCurrentUser } from "@/components/users/use-current-user";
import { macroChangesText } from "@/lib/macros/changes-text";
import { can } from "@/lib/permissions/table";
import { cn } from "@/lib/utils";
import { useMacros, type MacroJson } from "./queries";

/** Name first, then text: what an agent types to find a macro. */
function matching(macros: MacroJson[], search: string): MacroJson[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return macros;
  const byName = macros.filter((m) => m.name.toLowerCase().includes(needle));
  const byText = macros.filter((m) => !byName.includes(m) && m.body.toLowerCase().includes(needle));
  return [...byName, ...byText];
}

/**
 * The reply box's "Macros" list: type to filter, arrows to move, Enter inserts (a combobox over
 * a list box, like the command palette). Closing hands the focus back to the reply text.
 */
export function MacroPicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (macro: MacroJson) => void;
}) {
  const macros = useMacros({ enabled: open });
  const mayManage = can(useCurrentUser(), "macros.manage");
  const list = useListboxSearch();
  const found = matching(macros.data?.macros ?? [], list.search);
  const { current, field } = list.over(found, pick);
  const { optionId } = list;

  function close() {
    onOpenChange(false);
    list.reset();
  }
  function pick(macro: MacroJson | undefined) {
    if (!macro) return;
    close();
    onPick(macro);
  }

  const total = macros.data?.macros.length ?? 0;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="top-[15vh] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl"
        data-slot="macro-picker"
        // The reply form puts the focus in the reply text itself (after inserting, or back where it was).
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        <DialogTitle className="sr-only">Insert a macro</DialogTitle>
        <DialogDescription className="sr-only">
          Type to filter the macros, use the arrow keys to choose one and Enter to insert it into your reply.
        </DialogDescription>
        <ListboxSearch className="pr-10" label="Search macros" placeholder="Search macros..." {...field} />
        <div id={list.listId} role="listbox" aria-label="Macros" className="max-h-80 overflow-y-auto p-1">
          {macros.isPending ? (
            <p className="p-3 text-sm text-muted-foreground">Loading macros...</p>
          ) : macros.isError ? (
            <p role="alert" className="p-3 text-sm text-destructive">
              Failed to load macros
            </p>
          ) : total === 0 ? (
            <div className="grid gap-2 p-3 text-sm text-muted-foreground">
              <p>No macros yet.</p>
              {mayManage && (
                <Button asChild variant="outline" size="sm" className="w-fit">
                  <Link href="/settings#macros">Create one in Settings</Link>
                </Button>
              )}
            </div>
          ) : found.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">No macro matches</p>
          ) : (
            found.map((macro, i) => {
              const changes = macroChangesText(macro);
              return (
                <div
                  key={macro.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  onMouseMove={() => list.setActive(i)}
                  onClick={() => pick(macro)}
                  className={cn(
                    "grid cursor-pointer gap-0.5 rounded-md px-2 py-2 text-sm",
                    i === current && "bg-accent text-accent-foreground",
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <MessageSquareText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="min-w-0 truncate">{macro.name}</span>
                  </span>
                  <span className="truncate pl-6 text-xs text-muted-foreground">{macro.body}</span>
                  {changes.length > 0 && (
                    <span className="truncate pl-6 text-xs text-muted-foreground">Also: {changes.join(", ")}</span>
                  )}
                </div>
              );
            })
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
