"use client";

import { useEffect, useRef } from "react";

/**
 * Opening a ticket shows its newest message: when it lies below the visible part of the
 * conversation, the conversation (never the page) scrolls until it is in view. Once per ticket
 * opened, so reading up, loading earlier messages and live updates leave the agent where they are.
 * The returned ref goes on the scrolling conversation; the newest message is marked `data-newest`.
 */
export function useShowNewest(ticketId: string, loaded: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const scroller = box.current;
    if (!loaded || !scroller || shownFor.current === ticketId) return;
    shownFor.current = ticketId;
    const newest = scroller.querySelector("[data-newest]");
    if (!newest) return;
    const below = newest.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
    if (below > 0) scroller.scrollTop += below;
  }, [ticketId, loaded]);
  return box;
}
