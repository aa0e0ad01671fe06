"use client";

import { useStored, writeStored } from "@/components/ui/use-stored";

export type ReplyKind = "public" | "internal";

/**
 * Drafts live in this browser only (localStorage), one per person, ticket and kind (reply or
 * internal note): switching tickets or kinds, reloading or closing the tab never loses what an
 * agent was typing, and a shared computer does not show one agent's draft to another.
 */
export function draftKey(userId: string | undefined, ticketId: string, kind: ReplyKind): string | null {
  return userId ? `ticketry:draft:${userId}:${ticketId}:${kind}` : null;
}

/** The text of one draft, saved as it is typed; `saved` says a draft is being kept. */
export function useReplyDraft(key: string | null) {
  const [value, set] = useStored("local", key);
  const text = value ?? "";
  return {
    text,
    saved: key !== null && text.trim() !== "",
    // Blank text is shown as typed but not kept.
    update: (next: string) => set(next, next.trim() ? next : null),
    /** Forgets a sent draft (by its key, in case the form has switched kind or ticket since). */
    clear(sentKey: string | null) {
      writeStored("local", sentKey, null);
      if (sentKey === key) set(null);
    },
  };
}
