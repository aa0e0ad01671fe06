"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";

/** This close below the visible part, the newest message still counts as read (a line or so). */
const NEAR_PX = 48;
/** How long a message that just came in stays highlighted. */
const HIGHLIGHT_MS = 3000;

/** A message of the conversation as following it needs: who wrote it, and whether this agent did. */
export type FollowedMessage = { id: string; mine: boolean; author: string };

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The element that scrolls the conversation: the box on a wide screen, the page on a phone. */
function scrollerOf(box: HTMLElement): Element {
  const overflow = getComputedStyle(box).overflowY;
  const scrolls = (overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight;
  return scrolls ? box : (document.scrollingElement ?? document.documentElement);
}

/** How far the newest message's end lies below what can be seen of the conversation (negative: in view). */
function newestBelowView(box: HTMLElement): number {
  const newest = box.querySelector("[data-newest]");
  if (!newest) return 0;
  const visibleBottom = Math.min(box.getBoundingClientRect().bottom, window.innerHeight);
  return newest.getBoundingClientRect().bottom - visibleBottom;
}

/**
 * The conversation follows what is said in it. Opening a ticket shows its newest message (once
 * per ticket, so reading up and loading earlier messages leave the agent where they are). A
 * message that comes in later is scrolled to when the agent was at the newest message or wrote
 * it; otherwise it waits behind a "New message" button (`waiting`). Someone else's message is
 * highlighted for a moment (`arrived`) and said to screen readers (`announcement`).
 *
 * `box` goes on the element that holds the conversation, `data-newest` on its newest message.
 * Pass the messages once the ticket and its messages are loaded.
 */
export function useFollowConversation(ticketId: string, messages: FollowedMessage[] | undefined) {
  const box = useRef<HTMLDivElement>(null);
  // The newest message already handled, per ticket: a different one is news.
  const [seen, setSeen] = useState<{ ticketId: string; newestId: string | null } | null>(null);
  // A scroll to the newest message, done once the conversation has been drawn.
  const [scroll, setScroll] = useState<{ smooth: boolean } | null>(null);
  // Whether the agent is at the newest message, as of their last scroll (a new message does not scroll).
  const [atNewest, setAtNewest] = useState(true);
  const [waiting, setWaiting] = useState(false);
  const [arrived, setArrived] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const newest = messages?.at(-1) ?? null;
  // Earlier messages load above: only a new last message is news.
  if (messages && (seen?.ticketId !== ticketId || seen.newestId !== (newest?.id ?? null))) {
    const opening = seen?.ticketId !== ticketId;
    setSeen({ ticketId, newestId: newest?.id ?? null });
    if (opening) setScroll({ smooth: false });
    else if (newest) {
      const follow = atNewest || newest.mine;
      if (follow) setScroll({ smooth: true });
      setWaiting(!follow);
      if (!newest.mine) {
        setArrived(newest.id);
        setAnnouncement(`New message from ${newest.author}`);
      }
    }
  }

  useLayoutEffect(() => {
    const el = box.current;
    if (!scroll || !el) return;
    const below = newestBelowView(el);
    if (below > 0)
      scrollerOf(el).scrollBy({ top: below, behavior: scroll.smooth && !prefersReducedMotion() ? "smooth" : "auto" });
  }, [scroll]);

  // Reading on down to the newest message takes the button away.
  const loaded = messages !== undefined;
  useEffect(() => {
    const el = box.current;
    if (!el || !loaded) return;
    const onScroll = () => {
      const at = newestBelowView(el) <= NEAR_PX;
      setAtNewest(at);
      if (at) setWaiting(false);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      el.removeEventListener("scroll", onScroll);
      window.removeEventListener("scroll", onScroll);
    };
  }, [loaded]);

  useEffect(() => {
    if (!arrived) return;
    const timer = setTimeout(() => setArrived(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [arrived]);

  /** The "New message" button: to the newest message, which takes the keyboard focus too. */
  function goToNewest() {
    setScroll({ smooth: true });
    setWaiting(false);
    box.current?.querySelector<HTMLElement>("[data-newest]")?.focus({ preventScroll: true });
  }

  return { box, waiting, arrived, announcement, goToNewest };
}
