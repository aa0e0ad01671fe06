"use client";

import { useEffect, useRef } from "react";
import { revealTicketField } from "@/components/tickets/reveal-ticket-field";
import { useCurrentUser } from "@/components/users/use-current-user";
import { ignoresShortcuts } from "./shortcuts";
import { useUndoableChange, type ChangeTicket } from "./use-undoable-change";

type Options = {
  enabled: boolean;
  ticketId: string | null;
  staff: boolean;
  onHelp: () => void;
  onPalette: () => void;
};

const pane = (name: "queue" | "ticket") => document.querySelector<HTMLElement>(`[data-${name}-pane]`);

function rows(): HTMLButtonElement[] {
  return [...(pane("queue")?.querySelectorAll<HTMLButtonElement>("ul > li > button") ?? [])];
}

/** Moves the keyboard focus one row down or up the list (from the focused or the open ticket). */
function moveInList(step: 1 | -1) {
  const list = rows();
  if (list.length === 0) return;
  const active = document.activeElement as HTMLButtonElement | null;
  let index = active ? list.indexOf(active) : -1;
  if (index < 0) index = list.findIndex((b) => b.getAttribute("aria-current") === "true");
  const next =
    list[index < 0 ? (step === 1 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, index + step))];
  next?.focus();
  next?.scrollIntoView({ block: "nearest" });
}

/** Opens the New Ticket dialog through its own button (unless the plan's limit has disabled it). */
export function clickNewTicket() {
  pane("queue")?.querySelector<HTMLButtonElement>("button[aria-haspopup='dialog']:not(:disabled)")?.click();
}

/** Turns the reply box to a public reply or an internal note, then puts the cursor in it. */
function writeReply(internal: boolean) {
  document.querySelector<HTMLButtonElement>(internal ? "#reply-kind-internal" : "#reply-kind-public")?.click();
  // From the Preview back to writing, so there is a box to type in.
  document.querySelector<HTMLButtonElement>("[data-reply-mode='write'][aria-pressed='false']")?.click();
  document.querySelector<HTMLTextAreaElement>("#reply-content")?.focus();
}

/** Opens a Radix select as its own keyboard handling would (it opens on Enter, not on click()). */
function openSelect(id: string) {
  revealTicketField(
    () => {
      const trigger = document.getElementById(id);
      return trigger?.hasAttribute("disabled") ? null : trigger;
    },
    (trigger) => {
      trigger.focus();
      trigger.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    },
  );
}

/**
 * The workspace's single-key shortcuts (listed in shortcuts.ts); none fires while typing or in a
 * dialog. Returns how the open ticket is changed with Undo, for the command palette's actions.
 */
export function useWorkspaceShortcuts({ enabled, ticketId, staff, onHelp, onPalette }: Options): ChangeTicket {
  const me = useCurrentUser();
  const { change, undoLast } = useUndoableChange(ticketId);
  // The listener is added once; it reads the latest values through this ref.
  const latest = useRef({ ticketId, staff, onHelp, onPalette, me, change, undoLast });
  useEffect(() => {
    latest.current = { ticketId, staff, onHelp, onPalette, me, change, undoLast };
  });

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const { ticketId, staff, onHelp, onPalette, me, change, undoLast } = latest.current;
      const chord = event.ctrlKey || event.metaKey;
      if (chord && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
        // The palette is a chord, so it also works from the search box, as in every help desk.
        if (document.querySelector("[role='dialog'], [role='alertdialog']")) return;
        event.preventDefault();
        onPalette();
        return;
      }
      if (chord || event.altKey || ignoresShortcuts(event)) return;
      const inList = rows().includes(document.activeElement as HTMLButtonElement);
      const nowhere = document.activeElement === document.body || !document.activeElement;
      const ticketAction = (run: () => void) => {
        if (!ticketId || !staff) return;
        event.preventDefault();
        run();
      };
      switch (event.key) {
        case "j":
          event.preventDefault();
          return moveInList(1);
        case "k":
          event.preventDefault();
          return moveInList(-1);
        case "ArrowDown":
        case "ArrowUp":
          // Elsewhere the arrows keep scrolling what they scroll (a long conversation, say).
          if (!inList && !nowhere) return;
          event.preventDefault();
          return moveInList(event.key === "ArrowDown" ? 1 : -1);
        case "/":
          event.preventDefault();
          return pane("queue")?.querySelector<HTMLInputElement>("input")?.focus();
        case "c":
          event.preventDefault();
          return pane("queue")
            ?.querySelector<HTMLButtonElement>("button[aria-haspopup='dialog']:not(:disabled)")
            ?.click();
        case "?":
          event.preventDefault();
          return onHelp();
        case "r":
          if (!ticketId) return;
          event.preventDefault();
          return writeReply(false);
        case "n":
          return ticketAction(() => writeReply(true));
        case "a":
          return ticketAction(() => me && change({ assignedTo: me.id }, "assigned to you"));
        case "e":
          return ticketAction(() => change({ status: "resolved" }, "resolved"));
        case "z":
          if (staff && undoLast()) event.preventDefault();
          return;
        case "E":
          return ticketAction(() => openSelect("ticket-status"));
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
  return change;
}
