"use client";

import { useSyncExternalStore } from "react";
import { addressStore } from "@/lib/http/client/address-store";
import { listSearch, NO_LIST_PARAMS, readListParams, type ListParams } from "@/lib/tickets/list-params";
import { parseTicketNumber } from "@/lib/tickets/ticket-url";

/**
 * Where the agent is in /app: the section (URL hash: a queue, dashboard, ...), the open ticket
 * (`?ticket=<number>`) and the queue's sort, filters and search (the other query parameters,
 * see list-params.ts). The URL is the only state, so a click, a reload, a bookmark and
 * Back/Forward all show the same thing.
 */
export type WorkspaceLocation = { section: string; ticket: number | null; list: ListParams };

const address = addressStore("workspace-location");
/** Marks a history entry that opened a ticket from the list, so "back to the list" can go back. */
const FROM_LIST = "ticketryFromList";

const snapshot = () => window.location.hash + "|" + window.location.search;

function read(key: string): WorkspaceLocation {
  const [hash = "", search = ""] = key.split("|");
  const query = new URLSearchParams(search);
  return {
    section: hash.replace(/^#/, ""),
    ticket: parseTicketNumber(query.get("ticket")),
    list: readListParams(query),
  };
}

let cache: { key: string; value: WorkspaceLocation } | null = null;
function parsed(key: string) {
  if (cache?.key !== key) cache = { key, value: read(key) };
  return cache.value;
}

export function useWorkspaceLocation(): WorkspaceLocation {
  const key = useSyncExternalStore(address.subscribe, snapshot, () => "|");
  return parsed(key);
}

export function workspaceHref({ section, ticket, list = NO_LIST_PARAMS }: Destination): string {
  const query = new URLSearchParams(listSearch(list));
  if (ticket) query.set("ticket", String(ticket));
  const search = query.toString();
  return `/app${search ? `?${search}` : ""}${section ? `#${section}` : ""}`;
}

/**
 * Where to go. Without `list`, the queue keeps its sort, filters and search while the section
 * stays (opening a ticket, going back to the list), and another section starts unfiltered, so a
 * forgotten filter never hides tickets there.
 */
type Destination = { section: string; ticket: number | null; list?: ListParams };

function here(): WorkspaceLocation {
  return parsed(snapshot());
}

/** Goes to a section and/or ticket of /app as a new history entry (or in place with `replace`). */
export function navigateWorkspace(to: Destination, { replace = false, fromList = false } = {}) {
  const current = here();
  const list = to.list ?? (to.section === current.section ? current.list : NO_LIST_PARAMS);
  address.go(workspaceHref({ ...to, list }), { replace, state: fromList ? { [FROM_LIST]: true } : {} });
}

/**
 * Changes the queue's sort, filters or search in place: Back leaves the list as a whole rather
 * than stepping through each filter tried, and a ticket opened from the list stays marked so.
 */
export function updateListParams(change: Partial<ListParams>) {
  const current = here();
  address.go(workspaceHref({ ...current, list: { ...current.list, ...change } }), {
    replace: true,
    state: window.history.state,
  });
}

/** Whether Back returns to the list this ticket was opened from (same scroll position and all). */
export function openedFromList(): boolean {
  const state = window.history.state as Record<string, unknown> | null;
  return !!state?.[FROM_LIST];
}
