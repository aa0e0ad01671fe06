"use client";

import { Lock, Mail, type LucideIcon } from "lucide-react";
import type { KeyboardEvent } from "react";
import { cn } from "@/lib/utils";
import type { ReplyKind } from "./reply-draft";

const KINDS: { kind: ReplyKind; label: string; icon: LucideIcon }[] = [
  { kind: "public", label: "Reply", icon: Mail },
  { kind: "internal", label: "Internal note", icon: Lock },
];

/**
 * Reply or Internal note, as two tabs over the box (ARIA's tabs pattern: one Tab stop, the
 * arrow keys move and choose; a click or Enter also puts the cursor in the box). The chosen tab
 * takes the colour of the box below it.
 */
export function ReplyKindTabs({
  kind,
  onChoose,
  panel,
}: {
  kind: ReplyKind;
  onChoose: (kind: ReplyKind) => void;
  /** The id of the box the tabs switch. */
  panel: string;
}) {
  function move(event: KeyboardEvent<HTMLDivElement>) {
    const at = KINDS.findIndex((k) => k.kind === kind);
    const to =
      event.key === "ArrowRight" || event.key === "ArrowLeft"
        ? (at + 1) % KINDS.length
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? KINDS.length - 1
            : null;
    if (to === null) return;
    event.preventDefault();
    const next = KINDS[to]!.kind;
    onChoose(next);
    document.getElementById(`reply-kind-${next}`)?.focus();
  }

  return (
    <div role="tablist" aria-label="Message type" className="flex items-end gap-1" onKeyDown={move}>
      {KINDS.map(({ kind: k, label, icon: Icon }) => {
        const selected = k === kind;
        return (
          <button
            key={k}
            type="button"
            role="tab"
            id={`reply-kind-${k}`}
            data-reply-kind={k}
            aria-selected={selected}
            aria-controls={panel}
            tabIndex={selected ? 0 : -1}
            // Chosen by pointer, the tab hands the focus to the box: the agent is about to write. Not
            // on the press, so the box does not grow (and move the tab) between press and release.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onChoose(k);
              document.getElementById(panel)?.querySelector("textarea")?.focus();
            }}
            className={cn(
              "-mb-px inline-flex items-center gap-1.5 rounded-t-md border border-b-0 px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4",
              selected
                ? k === "internal"
                  ? "border-warning bg-warning/15 text-foreground"
                  : "border-primary/60 bg-background text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon aria-hidden />
            {label}
          </button>
        );
      })}
    </div>
  );
}
