"use client";

import { Bold, Code, Italic, Link, List, Quote, type LucideIcon } from "lucide-react";
import type { KeyboardEvent } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import type { FormatAction } from "@/lib/format/markdown-edit";
import { cn } from "@/lib/utils";

type Tool = { action: FormatAction; label: string; icon: LucideIcon; keys?: string; ariaKeys?: string };

const TOOLS: Tool[] = [
  { action: "bold", label: "Bold", icon: Bold, keys: "Ctrl+B", ariaKeys: "Control+B Meta+B" },
  { action: "italic", label: "Italic", icon: Italic, keys: "Ctrl+I", ariaKeys: "Control+I Meta+I" },
  { action: "link", label: "Link", icon: Link, keys: "Ctrl+Shift+L", ariaKeys: "Control+Shift+L Meta+Shift+L" },
  { action: "list", label: "Bulleted list", icon: List },
  { action: "code", label: "Code", icon: Code },
  { action: "quote", label: "Quote", icon: Quote },
];

/** Arrow keys move between the buttons (one Tab stop for the whole toolbar, as ARIA's toolbar pattern has it). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
  const edge = event.key === "Home" ? 0 : event.key === "End" ? -1 : null;
  if (!step && edge === null) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = edge === null ? (at + step + buttons.length) % buttons.length : edge < 0 ? buttons.length - 1 : 0;
  event.preventDefault();
  buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
  buttons[next]?.focus();
}

/** Bold, italic, link, list, code and quote for the reply box; each writes its Markdown around the selection. */
export function FormatToolbar({ controls, onFormat }: { controls: string; onFormat: (action: FormatAction) => void }) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className="flex items-center"
      onKeyDown={moveFocus}
    >
      {TOOLS.map(({ action, label, icon: Icon, keys, ariaKeys }, i) => (
        <button
          key={action}
          type="button"
          tabIndex={i === 0 ? 0 : -1}
          aria-label={label}
          aria-keyshortcuts={ariaKeys}
          title={keys ? `${label} (${keys})` : label}
          // Keeps the selection in the reply box: the button acts on it without taking focus by mouse.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onFormat(action)}
          className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8")}
        >
          <Icon aria-hidden />
        </button>
      ))}
    </div>
  );
}
