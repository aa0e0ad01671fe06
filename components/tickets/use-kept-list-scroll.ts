"use client";

import { useLayoutEffect, useRef, type UIEvent } from "react";

/**
 * Where the agent was in the queue, kept across an open ticket. On a phone the ticket takes the
 * list's place and the page scrolls instead of the list, and the browser forgets how far down
 * the hidden list was; it is put back when the ticket closes. Spread `onScrollCapture` and `ref`
 * on the queue's pane (the list's scrolling box is marked `data-list-scroll`).
 */
export function useKeptListScroll(ticketOpen: boolean) {
  const pane = useRef<HTMLDivElement>(null);
  const kept = useRef(0);
  useLayoutEffect(() => {
    if (ticketOpen) return;
    const list = pane.current?.querySelector<HTMLElement>("[data-list-scroll]");
    if (list && list.scrollTop !== kept.current) list.scrollTop = kept.current;
  }, [ticketOpen]);
  function onScrollCapture(event: UIEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target.hasAttribute("data-list-scroll")) kept.current = target.scrollTop;
  }
  return { ref: pane, onScrollCapture };
}
