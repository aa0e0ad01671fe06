"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Dashboard } from "@/components/dashboard/dashboard";
import { setHash, useHash } from "@/components/workspace/use-hash";
import { NewTicketDialog } from "./new-ticket-dialog";
import { TicketDetail } from "./ticket-detail";
import { TicketList } from "./ticket-list";
import { UsageAlert, useUsage } from "./usage-alert";
import { VIEWS, type View } from "@/lib/tickets/views";

/** These hashes name other sections of /app, not ticket queues. */
const REDIRECTS: Record<string, string> = {
  settings: "/settings",
  admin: "/admin",
  users: "/users",
  profile: "/profile",
};

function KnowledgeBase() {
  return (
    <div className="grid place-items-center gap-2 p-16 text-center">
      <h2 className="text-xl font-semibold">Knowledge Base</h2>
      <p className="text-muted-foreground">The knowledge base is coming soon.</p>
    </div>
  );
}

/** /app: the section comes from the URL hash (my-open by default). */
export function TicketWorkspace({ staff }: { staff: boolean }) {
  const router = useRouter();
  const hash = useHash();
  const [selected, setSelected] = useState<string | null>(null);
  const { atLimit } = useUsage();

  useEffect(() => {
    if (REDIRECTS[hash]) router.replace(REDIRECTS[hash]);
  }, [hash, router]);

  if (REDIRECTS[hash]) return null;
  if (hash === "dashboard")
    return (
      <Dashboard
        onOpenTicket={(id) => {
          setSelected(id);
          setHash("all-open");
        }}
      />
    );
  if (hash === "knowledge-base") return <KnowledgeBase />;
  const view: View = (VIEWS as readonly string[]).includes(hash) ? (hash as View) : "my-open";

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <UsageAlert />
      <div
        className="grid min-h-0 flex-1 md:grid-cols-[minmax(18rem,26rem)_1fr]"
        style={{ height: "calc(100svh - 3.5rem)" }}
      >
        <TicketList
          view={view}
          selectedId={selected}
          onSelect={setSelected}
          actions={<NewTicketDialog onCreated={setSelected} disabled={atLimit} />}
        />
        <div className="flex min-h-0 flex-col">
          {selected ? (
            <TicketDetail key={selected} ticketId={selected} staff={staff} onOpenTicket={setSelected} />
          ) : (
            <p className="grid flex-1 place-items-center p-6 text-sm text-muted-foreground">
              Select a ticket to view details
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
