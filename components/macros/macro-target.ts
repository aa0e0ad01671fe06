"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import type { MacroJson } from "./queries";

/**
 * Where the command palette sends a macro: the reply box of the open ticket registers itself
 * here while it is on screen, so "Apply macro" is offered exactly when there is a reply to
 * apply it to, and inserts into that box as its own Macros button would.
 */
type Apply = (macro: MacroJson) => void;

let current: { apply: Apply } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reply box: register `apply` while mounted (the latest one is always called). */
export function useMacroTarget(apply: Apply) {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    const entry = { apply: (macro: MacroJson) => latest.current(macro) };
    current = entry;
    emit();
    return () => {
      if (current === entry) current = null;
      emit();
    };
  }, []);
}

/** The palette: how to apply a macro to the open reply box, or null when none is open. */
export function useMacroTargetApply(): Apply | null {
  return useSyncExternalStore(
    subscribe,
    () => current?.apply ?? null,
    () => null,
  );
}
