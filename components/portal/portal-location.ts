"use client";

import { useSyncExternalStore } from "react";
import { addressStore } from "@/lib/http/client/address-store";
import { parseTicketNumber } from "@/lib/tickets/ticket-url";

/**
 * Where the customer is in the portal, kept in the URL so a reload, Back and a mailed link
 * (`/portal?org=<slug>&ticket=<number>`) all show the same view: the open ticket by its number,
 * `view=new` for the create form, otherwise the list.
 */
export type PortalView = { name: "list" } | { name: "create" } | { name: "detail"; ticketNumber: number };

const address = addressStore("portal-location");

let cache: { search: string; view: PortalView } | null = null;

function read(search: string): PortalView {
  if (cache?.search === search) return cache.view;
  const params = new URLSearchParams(search);
  const ticketNumber = parseTicketNumber(params.get("ticket"));
  const view: PortalView =
    ticketNumber !== null
      ? { name: "detail", ticketNumber }
      : params.get("view") === "new"
        ? { name: "create" }
        : { name: "list" };
  cache = { search, view };
  return view;
}

export function usePortalView(): PortalView {
  return read(
    useSyncExternalStore(
      address.subscribe,
      () => window.location.search,
      () => "",
    ),
  );
}

/** Shows a view as a new history entry (or in place with `replace`); the portal's `org` stays. */
export function navigatePortal(to: PortalView, { replace = false } = {}) {
  const params = new URLSearchParams(window.location.search);
  params.delete("ticket");
  params.delete("view");
  if (to.name === "detail") params.set("ticket", String(to.ticketNumber));
  if (to.name === "create") params.set("view", "new");
  const search = params.toString();
  address.go(`${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`, { replace });
}
