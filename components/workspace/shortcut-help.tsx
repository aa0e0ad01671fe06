"use client";

import { DialogShell } from "@/components/ui/dialog-shell";
import { SHORTCUT_GROUPS } from "./shortcuts";

/** `?`: every workspace shortcut, grouped by where it works. */
export function ShortcutHelp({
  open,
  onOpenChange,
  staff,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  staff: boolean;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They work in the ticket workspace whenever you are not typing."
      className="sm:max-w-md"
    >
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={`shortcuts-${group.title}`} className="grid gap-1">
          <h3 id={`shortcuts-${group.title}`} className="text-sm font-semibold">
            {group.title}
          </h3>
          <dl className="grid gap-1">
            {group.shortcuts
              .filter((s) => staff || !s.staffOnly)
              .map((s) => (
                <div key={s.description} className="flex items-center justify-between gap-4 text-sm">
                  <dt className="text-muted-foreground">{s.description}</dt>
                  <dd className="flex items-center gap-1 text-xs text-muted-foreground">
                    {s.keys.map((key, i) => (
                      <span key={key} className="flex items-center gap-1">
                        {i > 0 && "or"}
                        <kbd className="min-w-6 rounded border bg-muted px-1.5 py-0.5 text-center font-mono text-foreground">
                          {key}
                        </kbd>
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </DialogShell>
  );
}
