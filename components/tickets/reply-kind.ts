"use client";

import { useState } from "react";
import type { ReplyKind } from "./reply-draft";
import { useStored } from "@/components/ui/use-stored";

const keepNotesKey = (userId: string | undefined, ticketId: string) =>
  userId ? `ticketry:keep-notes:${userId}:${ticketId}` : null;

/**
 * Whether the box writes a public reply or an internal note on this ticket. A note is a
 * deliberate step: once added, the box goes back to replying, so the next answer reaches the
 * customer, unless the agent chose to keep writing notes on this ticket (held for the browser
 * session, and the box then opens on notes there). Another ticket starts from its own choice.
 */
export function useReplyKind(userId: string | undefined, ticketId: string) {
  const [keep, setKeep] = useStored("session", keepNotesKey(userId, ticketId));
  const keepNotes = keep === "1";
  const scope = `${userId}:${ticketId}`;
  const initial: ReplyKind = keepNotes ? "internal" : "public";
  const [state, setState] = useState({ scope, kind: initial });
  if (state.scope !== scope) setState({ scope, kind: initial });
  const kind = state.scope === scope ? state.kind : initial;
  return {
    kind,
    choose: (next: ReplyKind) => setState({ scope, kind: next }),
    keepNotes,
    setKeepNotes: (on: boolean) => setKeep(on ? "1" : null),
    /**
     * A note went out on this ticket: back to a reply (unless another ticket is open by now),
     * or not when notes are kept here. Says whether it went back.
     */
    noteAdded(): boolean {
      if (keepNotes) return false;
      setState((s) => (s.scope === scope ? { scope, kind: "public" } : s));
      return true;
    },
  };
}
