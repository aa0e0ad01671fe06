"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { isKbSection } from "@/components/kb/kb-location";
import { BackToList } from "@/components/workspace/back-to-list";
import { useOpenTicket } from "@/components/workspace/open-ticket";
import { queueLabel } from "@/components/workspace/queues";
import { clickNewTicket, useWorkspaceShortcuts } from "@/components/workspace/use-workspace-shortcuts";
import { useWorkspaceLocation } from "@/components/workspace/workspace-location";
import { isView } from "@/lib/tickets/ticket-url";
import { cn } from "@/lib/utils";
import { NewTicketButton } from "./new-ticket-button";
import { TicketList } from "./ticket-list";
import { UsageAlert, useUsage } from "./usage-alert";
import { useTicketByNumber } from "./queries";
import { useKeptListScroll } from "./use-kept-list-scroll";
import type { View } from "@/lib/tickets/views";

// The new-ticket form (its checks bring the validation library) and the dashboard load just
// after the queue: neither is needed to see the list or read a ticket.
const NewTicketDialog = dynamic(() => import("./new-ticket-dialog").then((m) => m.NewTicketDialog), {
  ssr: false,
  loading: () => <NewTicketButton disabled />,
});
const Dashboard = dynamic(() => import("@/components/dashboard/dashboard").then((m) => m.Dashboard));
// The knowledge base (editor, revisions, insights) loads only when its section is opened.
const KnowledgeBase = dynamic(() => import("@/components/kb/knowledge-base").then((m) => m.KnowledgeBase));
// Loaded when first opened, so the workspace's first load does not carry them.
const CommandPalette = dynamic(() => import("@/components/workspace/command-palette").then((m) => m.CommandPalette));
const ShortcutHelp = dynamic(() => import("@/components/workspace/shortcut-help").then((m) => m.ShortcutHelp));

const LOADING_TICKET = <p className="p-6 text-sm text-muted-foreground">Loading ticket...</p>;
// The open ticket's pane (reply box, properties, tags, macros, history, customer) is not needed
// to paint the queue, and at /app no ticket is open yet. It loads on demand, fetched ahead as
// soon as the agent is likely to want it: when the browser is idle after the queue is up, on
// pointing at or focusing the list, and at once when the address names a ticket (in parallel
// with looking that ticket up). Until it is there the pane says what it says while the ticket's
// data loads.
const loadTicketDetail = () => import("./ticket-detail");
const TicketDetail = dynamic(() => import("./ticket-detail").then((m) => m.TicketDetail), {
  loading: () => LOADING_TICKET,
});
let ticketDetailRequested = false;
function preloadTicketDetail() {
  if (ticketDetailRequested) return;
  ticketDetailRequested = true;
  // A failed fetch is retried when the pane is rendered (next/dynamic loads it again then).
  loadTicketDetail().catch(() => (ticketDetailRequested = false));
}

/** These hashes name other sections of /app, not ticket queues. */
const REDIRECTS: Record<string, string> = {
  settings: "/settings",
  admin: "/admin",
  users: "/users",
  profile: "/profile",
};

/**
 * /app: the section comes from the URL hash (my-open by default) and the open ticket from
 * `?ticket=<number>`. The workspace is one screen high: the queue and the ticket scroll on
 * their own, so the search, the filters and the ticket's header stay where they are. Below
 * 768 px the open ticket is a screen of its own with a way back to the list.
 */
export function TicketWorkspace({ staff }: { staff: boolean }) {
  const router = useRouter();
  const { section, ticket: ticketNumber } = useWorkspaceLocation();
  const openTicket = useOpenTicket();
  const { atLimit } = useUsage();
  const [helpOpen, setHelpOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const keptListScroll = useKeptListScroll(ticketNumber !== null);
  const view: View = isView(section) ? section : "my-open";
  const resolved = useTicketByNumber(ticketNumber);
  const selectedId = ticketNumber !== null && resolved.data?.ticketNumber === ticketNumber ? resolved.data.id : null;
  const inQueue = !REDIRECTS[section] && section !== "dashboard" && !isKbSection(section);

  const changeTicket = useWorkspaceShortcuts({
    enabled: inQueue,
    ticketId: selectedId,
    staff,
    onHelp: () => setHelpOpen(true),
    onPalette: () => setPaletteOpen(true),
  });

  useEffect(() => {
    if (REDIRECTS[section]) router.replace(REDIRECTS[section]);
  }, [section, router]);

  useEffect(() => {
    if (ticketNumber !== null) {
      preloadTicketDetail();
      return;
    }
    // Safari has no requestIdleCallback: a short delay after the first paint does the same there.
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(preloadTicketDetail, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preloadTicketDetail, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, [ticketNumber]);

  const overlays = (
    <>
      {helpOpen && <ShortcutHelp open onOpenChange={setHelpOpen} staff={staff} />}
      {paletteOpen && (
        <CommandPalette
          open
          onOpenChange={setPaletteOpen}
          view={view}
          ticketId={selectedId}
          changeTicket={changeTicket}
          onNewTicket={clickNewTicket}
          onShortcuts={() => setHelpOpen(true)}
        />
      )}
    </>
  );

  if (REDIRECTS[section]) return null;
  if (section === "dashboard") return <Dashboard onOpenTicket={(id) => void openTicket(id, "all-open")} />;
  if (isKbSection(section)) return <KnowledgeBase />;

  const open = ticketNumber !== null;
  return (
    // On a phone an open ticket is part of the page, which scrolls as one (no box in a box).
    <div
      className={cn(
        "flex h-[calc(100svh-3.5rem)] min-h-0 flex-col overflow-hidden",
        open && "max-md:h-auto max-md:overflow-visible",
      )}
    >
      <UsageAlert />
      <div
        className={cn(
          "grid min-h-0 flex-1 grid-rows-[minmax(0,1fr)] md:grid-cols-[17rem_minmax(0,1fr)] lg:grid-cols-[19rem_minmax(0,1fr)] xl:grid-cols-[24rem_minmax(0,1fr)] 2xl:grid-cols-[28rem_minmax(0,1fr)]",
          open && "max-md:block",
        )}
      >
        {/* The list fills its pane, so the divider it draws runs the workspace's full height. */}
        <div
          data-queue-pane
          {...keptListScroll}
          className={cn("flex min-h-0 min-w-0 flex-col [&>section]:flex-1", open && "max-md:hidden")}
          onPointerOver={preloadTicketDetail}
          onFocus={preloadTicketDetail}
        >
          <h2 id="queue-heading" className="border-r border-b px-3 pt-3 pb-2 text-base font-semibold">
            {queueLabel(view)}
          </h2>
          <TicketList
            view={view}
            selectedId={selectedId}
            onSelect={(id) => void openTicket(id, view, { fromList: true })}
            actions={<NewTicketDialog onCreated={(id) => void openTicket(id, view)} disabled={atLimit} />}
          />
        </div>
        <div data-ticket-pane className={cn("@container flex min-h-0 min-w-0 flex-col", !open && "max-md:hidden")}>
          {open && <BackToList view={view} />}
          {!open ? (
            <p className="grid flex-1 place-items-center p-6 text-sm text-muted-foreground">
              Select a ticket to view details
            </p>
          ) : selectedId ? (
            <TicketDetail
              key={selectedId}
              ticketId={selectedId}
              staff={staff}
              onOpenTicket={(id) => void openTicket(id, view)}
            />
          ) : resolved.isError ? (
            <p className="p-6 text-sm text-destructive">Ticket not found</p>
          ) : (
            LOADING_TICKET
          )}
        </div>
      </div>
      {overlays}
    </div>
  );
}
