"use client";

import { useState } from "react";

/**
 * Drafts live in this browser only (localStorage), one per person, ticket and kind (reply or
 * internal note): switching tickets, reloading or closing the tab never loses what an agent
 * was typing, and a shared computer does not show one agent's draft to another.
 */
export function draftKey(userId: string | undefined, ticketId: string, kind: "public" | "internal"): string | null {
  return userId ? `ticketry:draft:${userId}:${ticketId}:${kind}` : null;
}

function read(key: string | null): string {
  if (!key) return "";
  try {
    return window.localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

function write(key: string | null, value: string) {
  if (!key) return;
  try {
    if (value.trim()) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or blocked (private mode): the draft stays in the form for this visit.
  }
}

/** The text of one draft, saved as it is typed; `saved` says a draft is being kept. */
export function useReplyDraft(key: string | null) {
  const [state, setState] = useState(() => ({ key, text: read(key) }));
  // The draft follows its key (the other kind, or the user once known): read that one instead.
  if (state.key !== key) setState({ key, text: read(key) });
  const text = state.key === key ? state.text : read(key);
  return {
    text,
    saved: key !== null && text.trim() !== "",
    update(value: string) {
      setState({ key, text: value });
      write(key, value);
    },
    /** Forgets a sent draft (by its key, in case the form has switched kind since). */
    clear(sentKey: string | null) {
      write(sentKey, "");
      if (sentKey === key) setState({ key, text: "" });
    },
  };
}
