"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { PortalGate } from "./portal-gate";
import { PortalNewTicket } from "./portal-new-ticket";
import { toastError } from "@/components/ui/toast-error";
import { attachmentUrl, type AttachmentSummary } from "@/lib/schemas/attachments";
import { isExpired, portalDownload, portalRequest, usePortalSession, type PortalRequest } from "./portal-session";
import { PortalTicketDetail } from "./portal-ticket-detail";
import { PortalTicketList } from "./portal-ticket-list";
import { portalKeys, usePortalTickets } from "./queries";
import { usePortalLiveUpdates } from "@/components/live/use-portal-live-updates";

type View = { name: "list" } | { name: "create" } | { name: "detail"; id: string };

/** /portal: the email gate, then the list (default), create and detail views. */
export function PortalClient({ slug, organizationName }: { slug: string; organizationName: string }) {
  const [session, saveSession] = usePortalSession(slug);
  const [view, setView] = useState<View>({ name: "list" });
  const queryClient = useQueryClient();
  const token = session?.token ?? "";

  const endSession = useCallback(() => {
    saveSession(null);
    setView({ name: "list" });
    queryClient.removeQueries({ queryKey: portalKeys.all });
  }, [saveSession, queryClient]);

  /** Every portal call: a 401 means the token expired or was revoked, so back to the gate. */
  const request: PortalRequest = useCallback(
    async <T,>(method: string, url: string, data?: unknown, read?: (res: Response) => Promise<T>) => {
      try {
        return await portalRequest<T>(token, method, url, data, read);
      } catch (error) {
        if (isExpired(error)) {
          endSession();
          toast({ title: "Session expired", description: "Please sign in again", variant: "destructive" });
        }
        throw error;
      }
    },
    [token, endSession],
  );

  usePortalLiveUpdates(token, endSession);

  /** A file of the conversation, fetched with the token; failures are told like other portal calls. */
  const download = useCallback(
    async (file: AttachmentSummary) => {
      try {
        await portalDownload(token, attachmentUrl(file.id), file.filename);
      } catch (error) {
        if (isExpired(error)) {
          endSession();
          toast({ title: "Session expired", description: "Please sign in again", variant: "destructive" });
        } else toastError("Failed to download file", error, "Please try again later");
      }
    },
    [token, endSession],
  );

  const tickets = usePortalTickets(request, session, (error) => {
    if (!isExpired(error))
      toast({ title: "Failed to fetch tickets", description: "Please try again later", variant: "destructive" });
  });

  async function logout() {
    if (session) {
      // Ends the token on the server too; the local session goes even if that call fails.
      await portalRequest(session.token, "POST", "/api/portal/logout").catch(() => undefined);
    }
    endSession();
  }

  if (session === undefined) return <p className="text-center text-sm text-muted-foreground">Loading...</p>;
  if (!session) return <PortalGate slug={slug} organizationName={organizationName} onSignedIn={saveSession} />;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{organizationName}</h1>
          <p className="text-sm text-muted-foreground">Customer support portal · signed in as {session.email}</p>
        </div>
        <Button variant="outline" onClick={logout}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </div>
      {view.name === "create" ? (
        <PortalNewTicket
          request={request}
          email={session.email}
          onCancel={() => setView({ name: "list" })}
          onCreated={(ticket) => {
            void queryClient.invalidateQueries({ queryKey: portalKeys.tickets(token) });
            setView({ name: "detail", id: ticket.id });
          }}
        />
      ) : view.name === "detail" ? (
        <PortalTicketDetail
          key={view.id}
          request={request}
          onDownload={download}
          ticketId={view.id}
          onBack={() => setView({ name: "list" })}
          onCreate={() => setView({ name: "create" })}
        />
      ) : (
        <PortalTicketList
          tickets={tickets.data}
          failed={tickets.isError}
          onOpen={(id) => setView({ name: "detail", id })}
          onCreate={() => setView({ name: "create" })}
        />
      )}
    </div>
  );
}
