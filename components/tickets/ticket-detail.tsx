"use client";

import { format } from "date-fns";
import { ArrowDown } from "lucide-react";
import { useMemo } from "react";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ShowEarlier } from "@/components/ui/show-earlier";
import { AttachmentList } from "./attachment-list";
import { MessageBody } from "./message-body";
import { PriorityBadge, SlaBadge, StatusBadge } from "./ticket-badges";
import { CATEGORY_LABELS } from "./category-labels";
import { ReplyForm } from "./reply-form";
import { OpeningAuthor, ReplyAuthor } from "./reply-author";
import { DetailsToggle, TicketDetailsPanel, useDetailsOpen } from "./ticket-details-panel";
import { MailBounceWarning } from "./ticket-mail";
import { useReplies, useTicket, useTicketPane } from "./queries";
import { useFollowConversation } from "./use-follow-conversation";
import { MergedIntoBanner, SplitMessageButton } from "./ticket-relations";
import { useAnnouncePresence, useTicketViewers } from "@/components/live/presence-queries";
import { TicketUpdatedBanner } from "@/components/live/ticket-updated-banner";
import { TicketViewers } from "@/components/live/ticket-viewers";
import { useTicketUpdatedByOthers } from "@/components/live/use-ticket-updated";
import { useTyping } from "@/components/live/use-typing";
import { useCurrentUser } from "@/components/users/use-current-user";
import { useArticlesSent } from "@/components/kb/queries";
import { SentArticles } from "@/components/kb/sent-articles";
import { can } from "@/lib/permissions/table";

export function TicketDetail({
  ticketId,
  staff,
  onOpenTicket,
}: {
  ticketId: string;
  staff: boolean;
  /** Opens another ticket in the workspace (the customer's other tickets, the next in the queue). */
  onOpenTicket?: (id: string) => void;
}) {
  // One request fills every part on opening; until it answers, no part asks on its own.
  const ready = useTicketPane(ticketId);
  const ticket = useTicket(ticketId, { enabled: ready });
  const replies = useReplies(ticketId, { enabled: ready });
  const me = useCurrentUser();
  const loaded = ticket.data !== undefined && replies.items !== undefined;
  const followed = useMemo(
    () =>
      loaded
        ? replies.items?.map((r) => ({
            id: r.id,
            author: r.authorName,
            // Staff tell their own messages by address; a customer's own are the customer's.
            mine: staff ? "authorEmail" in r && r.authorEmail === me?.email : r.authorType === "customer",
          }))
        : undefined,
    [loaded, replies.items, staff, me?.email],
  );
  const { box, waiting, arrived, announcement, goToNewest } = useFollowConversation(ticketId, followed);
  const details = useDetailsOpen();
  const typing = useTyping();
  // Staff see each other on a ticket; customers are never shown nor told who is looking.
  useAnnouncePresence(ticketId, typing.typing, staff);
  const viewers = useTicketViewers(ticketId, me?.id, staff && ready);
  const news = useTicketUpdatedByOthers(ticketId, ticket.data);
  // Which knowledge base articles each reply sent (the team's own record; customers never see it).
  const sent = useArticlesSent(ticketId, { enabled: staff && ready && can(me, "kb.read") });
  const sentByReply = useMemo(() => new Map((sent.data?.sent ?? []).map((s) => [s.replyId, s.articles])), [sent.data]);

  if (ticket.isPending) return <p className="p-6 text-sm text-muted-foreground">Loading ticket...</p>;
  if (ticket.isError) return <p className="p-6 text-sm text-destructive">Ticket not found</p>;
  const t = ticket.data;
  const detailsId = `ticket-details-${t.id}`;

  // One column on a narrow pane (header, folded details, conversation, reply box); on a wide
  // one the details take a column of their own beside the other three. On a phone the ticket
  // is part of the page, which scrolls as a whole.
  return (
    <article
      aria-label={`Ticket #${t.ticketNumber}`}
      className={cn(
        "grid min-h-0 flex-1 grid-rows-[auto_auto_minmax(0,1fr)_auto] @min-[38rem]:grid-rows-[auto_minmax(0,1fr)_auto]",
        staff && "@min-[38rem]:grid-cols-[minmax(0,1fr)_16rem]",
      )}
    >
      <header className="row-start-1 grid gap-1.5 border-b px-4 py-3 @min-[38rem]:col-start-1">
        <div className="flex min-w-0 items-start gap-2">
          <span className="pt-0.5 text-sm text-muted-foreground tabular-nums">#{t.ticketNumber}</span>
          <h2 className="min-w-0 flex-1 text-lg leading-snug font-semibold break-words">{t.subject}</h2>
          {staff && <DetailsToggle open={details.open} onToggle={details.toggle} controls={detailsId} />}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <StatusBadge status={t.status} />
          <PriorityBadge priority={t.priority} />
          <SlaBadge ticket={t} now={new Date()} />
          {t.category && <Badge variant="outline">{CATEGORY_LABELS[t.category] ?? t.category}</Badge>}
          <span className="min-w-0 truncate text-sm text-muted-foreground" title={t.customerEmail}>
            {t.customerName}
          </span>
          {staff && (
            <div className="ml-auto min-w-0">
              <TicketViewers viewers={viewers} />
            </div>
          )}
        </div>
        {news.updated && <TicketUpdatedBanner onDismiss={news.dismiss} />}
        {staff && <MergedIntoBanner ticketId={t.id} onOpenTicket={onOpenTicket} />}
      </header>
      {staff && (
        <TicketDetailsPanel
          id={detailsId}
          ticket={t}
          open={details.open}
          onOpenTicket={onOpenTicket}
          className="row-start-2 min-h-0 overflow-y-auto @max-[38rem]:border-b md:@max-[38rem]:max-h-[40svh] @min-[38rem]:col-start-2 @min-[38rem]:row-[1/-1] @min-[38rem]:border-l"
        />
      )}
      {/* Focusable, so the conversation can be scrolled from the keyboard too. */}
      <div
        ref={box}
        data-ticket-scroll
        tabIndex={0}
        className="relative row-start-3 min-h-0 overflow-y-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset max-md:overflow-visible @min-[38rem]:col-start-1 @min-[38rem]:row-start-2"
      >
        <section aria-label="Conversation" className="grid gap-3 p-4">
          <div className="rounded-md border bg-muted/40 p-3">
            <OpeningAuthor
              name={t.customerName}
              email={t.customerEmail}
              at={format(new Date(t.createdAt), "MMM d, HH:mm")}
            />
            <p className="text-sm whitespace-pre-wrap">{t.description}</p>
            <AttachmentList attachments={t.attachments} />
          </div>
          <ShowEarlier pages={replies} what="messages" />
          {replies.items?.map((r, i, all) => {
            const newest = i === all.length - 1;
            return (
              <div
                key={r.id}
                data-newest={newest || undefined}
                data-reply-type={r.type}
                data-arrived={arrived === r.id || undefined}
                // The "New message" button moves the keyboard focus here.
                tabIndex={newest ? -1 : undefined}
                className={cn(
                  "rounded-md border p-3 transition-[background-color,box-shadow] duration-1000 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none motion-reduce:transition-none",
                  r.type === "internal"
                    ? "border-warning/50 bg-warning/10"
                    : r.authorType === "agent"
                      ? "ml-6 bg-primary/5"
                      : "mr-6 bg-muted/40",
                  arrived === r.id && "bg-primary/15 ring-2 ring-primary/60",
                )}
              >
                <ReplyAuthor reply={r} at={format(new Date(r.createdAt), "MMM d, HH:mm")} />
                <MessageBody content={r.content} html={r.html} />
                <AttachmentList attachments={r.attachments} />
                <SentArticles articles={sentByReply.get(r.id) ?? []} />
                {staff && r.type === "public" && r.authorType === "customer" && (
                  <SplitMessageButton ticketId={t.id} replyId={r.id} onOpenTicket={onOpenTicket} />
                )}
              </div>
            );
          })}
        </section>
        {waiting && (
          <div className="pointer-events-none sticky bottom-3 flex justify-center pb-3">
            <Button type="button" size="sm" className="pointer-events-auto shadow-md" onClick={goToNewest}>
              <ArrowDown aria-hidden />
              New message
            </Button>
          </div>
        )}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>
      <div className="row-start-4 @min-[38rem]:col-start-1 @min-[38rem]:row-start-3">
        {staff && <MailBounceWarning ticketId={t.id} customerEmail={t.customerEmail} />}
        <ReplyForm
          ticket={t}
          canWriteNotes={staff}
          onOpenTicket={onOpenTicket}
          onTyping={staff ? typing.keystroke : undefined}
          onSent={typing.stop}
        />
      </div>
    </article>
  );
}
