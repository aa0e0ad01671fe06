"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * Where the command palette's "Insert article" goes: the reply box of the open ticket registers
 * how to open its article picker while it is on screen, so the action is offered exactly when
 * there is a reply to insert into (as macros are, see macro-target.ts).
 */
type Open = () => void;

let current: { open: Open } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reply box: register `open` while mounted (the latest one is always called). */
export function useArticleTarget(open: Open) {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    const entry = { open: () => latest.current() };
    current = entry;
    emit();
    return () => {
      if (current === entry) current = null;
      emit();
    };
  }, []);
}

/** The palette: how to open the reply box's article picker, or null when no reply box is open. */
export function useArticleTargetOpen(): Open | null {
  return useSyncExternalStore(
    subscribe,
    () => current?.open ?? null,
    () => null,
  );
}
