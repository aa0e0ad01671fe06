"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useCallback } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { PortalGate } from "./portal-gate";
import { PortalNewTicket } from "./portal-new-ticket";
import { toastError } from "@/components/ui/toast-error";
import { attachmentUrl, type AttachmentSummary } from "@/lib/schemas/attachments";
import { navigatePortal, usePortalView } from "./portal-location";
import { isExpired, portalDownload, portalRequest, usePortalSession, type PortalRequest } from "./portal-session";
import { PortalTicketDetail } from "./portal-ticket-detail";
import { PortalTicketList } from "./portal-ticket-list";
import { portalKeys, usePortalTickets } from "./queries";
import { usePortalLiveUpdates } from "@/components/live/use-portal-live-updates";

/**
 * /portal: the email gate, then the list (default), create and detail views. The view is in
 * the URL, so a mailed ticket link opens that ticket, after the gate when signed out.
 */
export function PortalClient({ slug, organizationName }: { slug: string; organizationName: string }) {
  const [session, saveSession] = usePortalSession(slug);
  const view = usePortalView();
  const queryClient = useQueryClient();
  const signedIn = Boolean(session);

  const endSession = useCallback(() => {
    saveSession(null);
    queryClient.removeQueries({ queryKey: portalKeys.all });
  }, [saveSession, queryClient]);

  const expired = useCallback(() => {
    endSession();
    toast({ title: "Session expired", description: "Please sign in again", variant: "destructive" });
  }, [endSession]);

  /** Every portal call: a 401 means the session expired or was revoked, so back to the gate. */
  const request: PortalRequest = useCallback(
    async <T,>(method: string, url: string, data?: unknown, read?: (res: Response) => Promise<T>) => {
      try {
        return await portalRequest<T>(slug, method, url, data, read);
      } catch (error) {
        if (isExpired(error)) expired();
        throw error;
      }
    },
    [slug, expired],
  );

  usePortalLiveUpdates(slug, signedIn, endSession);

  /** A file of the conversation; failures are told like other portal calls. */
  const download = useCallback(
    async (file: AttachmentSummary) => {
      try {
        await portalDownload(slug, attachmentUrl(file.id), file.filename);
      } catch (error) {
        if (isExpired(error)) expired();
        else toastError("Failed to download file", error, "Please try again later");
      }
    },
    [slug, expired],
  );

  const tickets = usePortalTickets(request, session, (error) => {
    if (!isExpired(error))
      toast({ title: "Failed to fetch tickets", description: "Please try again later", variant: "destructive" });
  });

  async function logout() {
    // Ends the session on the server and clears its cookie; the page forgets it even if that fails.
    await portalRequest(slug, "POST", "/api/portal/logout").catch(() => undefined);
    endSession();
    navigatePortal({ name: "list" }, { replace: true });
  }

  if (session === undefined) return <p className="text-center text-sm text-muted-foreground">Loading...</p>;
  if (!session) return <PortalGate slug={slug} organizationName={organizationName} onSignedIn={saveSession} />;

  const toList = () => navigatePortal({ name: "list" });
  const toCreate = () => navigatePortal({ name: "create" });
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
          org={slug}
          request={request}
          email={session.email}
          onCancel={toList}
          onCreated={(ticket) => {
            void queryClient.invalidateQueries({ queryKey: portalKeys.tickets() });
            navigatePortal({ name: "detail", ticketNumber: ticket.ticketNumber }, { replace: true });
          }}
        />
      ) : view.name === "detail" ? (
        <PortalTicketDetail
          key={view.ticketNumber}
          org={slug}
          request={request}
          onDownload={download}
          ticketNumber={view.ticketNumber}
          onBack={toList}
          onCreate={toCreate}
        />
      ) : (
        <PortalTicketList
          tickets={tickets.data}
          failed={tickets.isError}
          onOpen={(ticketNumber) => navigatePortal({ name: "detail", ticketNumber })}
          onCreate={toCreate}
        />
      )}
    </div>
  );
}
