"use client";

import { ArrowLeft } from "lucide-react";
import type { FormEvent } from "react";
import { AttachmentList } from "@/components/tickets/attachment-list";
import { useFileUploads } from "@/components/tickets/file-uploads";
import { AttachFilesButton, PendingFiles } from "@/components/tickets/pending-files";
import { MessageBody } from "@/components/tickets/message-body";
import { SenderNotVerified } from "@/components/tickets/sender-not-verified";
import { StatusBadge } from "@/components/tickets/ticket-badges";
import type { AttachmentSummary } from "@/lib/schemas/attachments";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { ShowEarlier } from "@/components/ui/show-earlier";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { replyByline } from "@/lib/format/reply-byline";
import { MISSING_REPLY, portalReplySchema } from "@/lib/schemas/portal";
import { cn } from "@/lib/utils";
import { isExpired, portalHeaders, type PortalRequest } from "./portal-session";
import { portalDate, portalDateTime } from "./portal-dates";
import { usePortalReplies, usePortalTicket, useSendPortalReply } from "./queries";
import { DONE_STATUSES } from "@/lib/tickets/fields";

type Props = {
  /** The portal's organisation: its uploads name it, as every portal call does. */
  org: string;
  request: PortalRequest;
  ticketNumber: number;
  onBack: () => void;
  onCreate: () => void;
  /** Downloads a file of the conversation. */
  onDownload: (file: AttachmentSummary) => void;
};

/** Portal detail: the public conversation, and a reply form while the ticket is not done. */
export function PortalTicketDetail({ org, request, ticketNumber, onBack, onCreate, onDownload }: Props) {
  const ticket = usePortalTicket(request, ticketNumber);
  const ticketId = ticket.data?.id;
  const replies = usePortalReplies(request, ticketId);
  const form = useZodForm(portalReplySchema, { content: "" });
  // The customer's files go up as soon as they are chosen; the reply names them.
  const uploads = useFileUploads(
    `/api/tickets/${encodeURIComponent(ticketId ?? "none")}/attachments`,
    portalHeaders(org),
  );
  const send = useSendPortalReply(request, ticketId ?? "", {
    onSuccess: () => {
      toast({ title: "Reply sent" });
      form.reset();
      uploads.clear();
    },
    onError: (error) => {
      if (!isExpired(error)) toastError("Failed to send reply", error, "Please try again later");
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const reply = form.check(
      { byMessage: { [MISSING_REPLY]: "Reply required" }, otherwise: "Failed to send reply" },
      { ticketId: ticketId ?? "" },
    );
    if (reply && !uploads.uploading) send.mutate({ content: reply.content, attachmentIds: uploads.ids });
  }

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="justify-self-start">
      <ArrowLeft aria-hidden />
      Back to tickets
    </Button>
  );
  if (ticket.isPending)
    return (
      <div className="grid gap-4">
        {back}
        <p className="text-sm text-muted-foreground">Loading ticket...</p>
      </div>
    );
  if (ticket.isError) {
    return (
      <div className="grid gap-4">
        {back}
        <p className="text-sm text-destructive">Ticket not found</p>
      </div>
    );
  }
  const t = ticket.data;
  const done = DONE_STATUSES.includes(t.status);

  return (
    <article aria-label={`Ticket #${t.ticketNumber}`} className="grid gap-4">
      {back}
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">#{t.ticketNumber}</span>
          <StatusBadge status={t.status} />
        </div>
        <h2 className="text-2xl font-semibold">{t.subject}</h2>
        <p className="text-sm text-muted-foreground">
          Created <time dateTime={t.createdAt}>{portalDate(t.createdAt)}</time>
        </p>
      </header>
      <section aria-label="Conversation" className="grid gap-3">
        <div className="rounded-md border bg-muted/40 p-3">
          <p className="mb-1 text-xs font-medium">
            You · <time dateTime={t.createdAt}>{portalDateTime(t.createdAt)}</time>
          </p>
          <p className="text-sm whitespace-pre-wrap">{t.description}</p>
          <AttachmentList attachments={t.attachments} onDownload={onDownload} />
        </div>
        {replies.isError && !replies.isFetchNextPageError && (
          <p className="text-sm text-destructive">Failed to load replies</p>
        )}
        <ShowEarlier pages={replies} what="messages" />
        {replies.items?.map((r) => (
          <div
            key={r.id}
            data-author={r.authorType}
            className={cn(
              "rounded-md border p-3",
              r.authorType === "customer" ? "mr-6 bg-muted/40" : "ml-6 bg-primary/5",
            )}
          >
            <p className="mb-1 text-xs font-medium">
              {/* A mail from the customer's address that nothing proves they sent is not called theirs. */}
              {r.authorType !== "customer"
                ? replyByline("Support", r.authorName)
                : r.senderVerified === false
                  ? "Email from your address"
                  : "You"}{" "}
              · <time dateTime={r.createdAt}>{portalDateTime(r.createdAt)}</time>
              {r.senderVerified === false && (
                <>
                  {" "}
                  <SenderNotVerified explanation="This mail arrived from your address, but your email provider did not confirm that you sent it. If you did not write it, tell us in a reply." />
                </>
              )}
            </p>
            <MessageBody content={r.content} html={r.html} />
            <AttachmentList attachments={r.attachments} onDownload={onDownload} />
          </div>
        ))}
      </section>
      {done ? (
        <div role="status" className="grid gap-2 rounded-md border bg-muted/40 p-4 text-sm">
          <p className="font-medium">This ticket has been {t.status}.</p>
          <p className="text-muted-foreground">If you need further help, please create a new ticket.</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onCreate}>
            Create New Ticket
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-2" noValidate>
          <Label htmlFor="portal-reply">Your reply</Label>
          <div
            {...uploads.dropHandlers}
            data-dragging={uploads.dragging || undefined}
            className={cn("rounded-md", uploads.dragging && "ring-[3px] ring-ring/50")}
          >
            <Textarea
              id="portal-reply"
              rows={4}
              placeholder="Write a reply to our support team... (drop or paste files here)"
              onPaste={uploads.onPaste}
              {...form.text("content")}
            />
          </div>
          <PendingFiles uploads={uploads} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <AttachFilesButton uploads={uploads} id="portal-reply-files" />
            <Button type="submit" disabled={send.isPending || uploads.uploading}>
              {send.isPending ? "Sending..." : uploads.uploading ? "Uploading..." : "Send Reply"}
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}
