"use client";

import { useEffect, useState, type ReactNode } from "react";
import type { ToastVariant } from "./toast";

/** One toast at a time, 5 s on screen, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** A failure stays longer than a confirmation: it is read, and often acted on. */
export const ERROR_TOAST_DURATION_MS = 10_000;

/** A button in the toast (Undo): `altText` says how to do the same without the toast, for screen readers. */
export type ToastActionInput = { label: string; altText: string; onClick: () => void };
export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  action?: ToastActionInput;
};
export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<(items: ToastItem[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes the toast `id` (every toast without one). */
export function dismiss(id?: string) {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  publish(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast; a new one replaces the one on screen. */
export function toast(input: ToastInput) {
  const id = String(++counter);
  const duration = input.duration ?? (input.variant === "destructive" ? ERROR_TOAST_DURATION_MS : undefined);
  publish([{ ...input, duration, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismiss(id),
    update: (next: ToastInput) => publish(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

/** Whether the toast `id` is still on screen (its action can still be taken). */
export function isToastOpen(id: string): boolean {
  return toasts.some((t) => t.id === id && t.open);
}

export function useToast() {
  const [items, setItems] = useState(toasts);
  useEffect(() => {
    listeners.add(setItems);
    return () => {
      listeners.delete(setItems);
    };
  }, []);
  return { toasts: items, toast, dismiss };
}
