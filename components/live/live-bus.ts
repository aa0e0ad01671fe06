"use client";

/**
 * Ticket events of this tab's stream for components that react to more than a refetch (the
 * open ticket's "This ticket was updated" banner). One small in-memory list of listeners.
 */
export type TicketChanged = { ticketId: string; version: number };
type Listener = (event: TicketChanged) => void;

const listeners = new Set<Listener>();

export function onTicketChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitTicketChanged(event: TicketChanged) {
  for (const listener of listeners) listener(event);
}

/** The newest version of each ticket this tab wrote itself: its own changes are no news to it. */
const ownVersions = new Map<string, number>();

export function noteOwnWrite(ticketId: string, version: number | undefined) {
  if (typeof version === "number") ownVersions.set(ticketId, Math.max(version, ownVersions.get(ticketId) ?? 0));
}

export function ownVersion(ticketId: string): number {
  return ownVersions.get(ticketId) ?? 0;
}
