"use client";

import { useSyncExternalStore } from "react";
import { parseTicketNumber } from "@/lib/tickets/ticket-url";

/**
 * Where the agent is in /app: the section (URL hash: a queue, dashboard, ...) and the open
 * ticket (`?ticket=<number>`). The URL is the only state, so a click, a reload, a bookmark and
 * Back/Forward all show the same thing. Changes go through history.pushState with a whole
 * URL (never `location.hash +=`), which is what once turned `#closed` into `#closed#unassigned`.
 */
export type WorkspaceLocation = { section: string; ticket: number | null };

const CHANGE = "workspace-location";
/** Marks a history entry that opened a ticket from the list, so "back to the list" can go back. */
const FROM_LIST = "ticketryFromList";

function subscribe(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const snapshot = () => window.location.hash + "|" + window.location.search;

function read(key: string): WorkspaceLocation {
  const [hash = "", search = ""] = key.split("|");
  return { section: hash.replace(/^#/, ""), ticket: parseTicketNumber(new URLSearchParams(search).get("ticket")) };
}

let cache: { key: string; value: WorkspaceLocation } | null = null;
function parsed(key: string) {
  if (cache?.key !== key) cache = { key, value: read(key) };
  return cache.value;
}

export function useWorkspaceLocation(): WorkspaceLocation {
  const key = useSyncExternalStore(subscribe, snapshot, () => "|");
  return parsed(key);
}

export function workspaceHref({ section, ticket }: WorkspaceLocation): string {
  return `/app${ticket ? `?ticket=${ticket}` : ""}${section ? `#${section}` : ""}`;
}

/** Goes to a section and/or ticket of /app as a new history entry (or in place with `replace`). */
export function navigateWorkspace(to: WorkspaceLocation, { replace = false, fromList = false } = {}) {
  const href = workspaceHref(to);
  if (href === window.location.pathname + window.location.search + window.location.hash) return;
  const state = { ...(fromList ? { [FROM_LIST]: true } : {}) };
  if (replace) window.history.replaceState(state, "", href);
  else window.history.pushState(state, "", href);
  window.dispatchEvent(new Event(CHANGE));
}

/** Whether Back returns to the list this ticket was opened from (same scroll position and all). */
export function openedFromList(): boolean {
  const state = window.history.state as Record<string, unknown> | null;
  return !!state?.[FROM_LIST];
}
