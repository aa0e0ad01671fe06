"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { macroChangesText } from "@/lib/macros/changes-text";
import type { MacroJson } from "./queries";

/** Above the Send button: what the applied macro will change when the reply goes out, and a way to drop it. */
export function PendingMacro({ macro, onDrop }: { macro: MacroJson; onDrop: () => void }) {
  return (
    <div
      data-pending-macro
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm sm:flex-nowrap"
    >
      <p className="min-w-0">
        <span className="font-medium">When sent, macro &quot;{macro.name}&quot; will also change:</span>{" "}
        {macroChangesText(macro).join(", ")}
      </p>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={onDrop}
        aria-label={`Remove the changes of macro ${macro.name}`}
      >
        <X aria-hidden /> Remove changes
      </Button>
    </div>
  );
}
