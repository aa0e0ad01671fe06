"use client";

import { format } from "date-fns";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
import { ShowEarlier } from "@/components/ui/show-earlier";
import { AttachmentList } from "./attachment-list";
import { MessageBody } from "./message-body";
import { PriorityBadge, SlaBadge, StatusBadge } from "./ticket-badges";
import { CATEGORY_LABELS } from "./category-labels";
import { CustomerPanel } from "./customer-panel";
import { ReplyForm } from "./reply-form";
import { TicketProperties } from "./ticket-properties";
import { TicketTags } from "./ticket-tags";
import { OpeningAuthor, ReplyAuthor } from "./reply-author";
import { TicketHistory } from "./ticket-history";
import { TicketRatingNote } from "@/components/satisfaction/ticket-rating";
import { MailBounceWarning, TicketMailSection } from "./ticket-mail";
import { useReplies, useTicket, useTicketPane } from "./queries";
import { useShowNewest } from "./use-show-newest";
import { useAnnouncePresence, useTicketViewers } from "@/components/live/presence-queries";
import { TicketUpdatedBanner } from "@/components/live/ticket-updated-banner";
import { TicketViewers } from "@/components/live/ticket-viewers";
import { useTicketUpdatedByOthers } from "@/components/live/use-ticket-updated";
import { useTyping } from "@/components/live/use-typing";
import { useCurrentUser } from "@/components/users/use-current-user";

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
  const conversationBox = useShowNewest(ticketId, ticket.data !== undefined && replies.items !== undefined);
  const me = useCurrentUser();
  const typing = useTyping();
  // Staff see each other on a ticket; customers are never shown nor told who is looking.
  useAnnouncePresence(ticketId, typing.typing, staff);
  const viewers = useTicketViewers(ticketId, me?.id, staff && ready);
  const news = useTicketUpdatedByOthers(ticketId, ticket.data?.version);

  if (ticket.isPending) return <p className="p-6 text-sm text-muted-foreground">Loading ticket...</p>;
  if (ticket.isError) return <p className="p-6 text-sm text-destructive">Ticket not found</p>;
  const t = ticket.data;

  return (
    <article aria-label={`Ticket #${t.ticketNumber}`} className="flex min-h-0 flex-1 flex-col">
      {/* The header stays put while the conversation below it scrolls. */}
      <header className="relative grid max-h-[45%] shrink-0 gap-3 overflow-y-auto border-b p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">#{t.ticketNumber}</span>
          <StatusBadge status={t.status} />
          <PriorityBadge priority={t.priority} />
          <SlaBadge ticket={t} now={new Date()} />
          {t.category && <Badge variant="outline">{CATEGORY_LABELS[t.category] ?? t.category}</Badge>}
          {staff && (
            <div className="ml-auto min-w-0">
              <TicketViewers viewers={viewers} />
            </div>
          )}
        </div>
        {news.updated && <TicketUpdatedBanner onDismiss={news.dismiss} />}
        <h2 className="text-xl font-semibold">{t.subject}</h2>
        <p className="text-sm text-muted-foreground">
          {t.customerName} &lt;{t.customerEmail}&gt; · opened {format(new Date(t.createdAt), "MMM d, yyyy HH:mm")}
        </p>
        {staff && <TicketProperties ticket={t} />}
        {staff && <TicketRatingNote ticketId={t.id} />}
        {staff && <TicketTags ticketId={t.id} tags={t.tags ?? []} />}
      </header>
      {/* Focusable, so the conversation can be scrolled from the keyboard too. */}
      <div
        ref={conversationBox}
        data-ticket-scroll
        tabIndex={0}
        className="@container relative min-h-0 flex-1 overflow-y-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        {/* The customer panel sits beside the conversation when the pane is wide, below it otherwise. */}
        <div className="grid @3xl:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="min-w-0">
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
              {replies.items?.map((r, i, all) => (
                <div
                  key={r.id}
                  data-newest={i === all.length - 1 || undefined}
                  data-reply-type={r.type}
                  className={cn(
                    "rounded-md border p-3",
                    r.type === "internal"
                      ? "border-warning/50 bg-warning/10"
                      : r.authorType === "agent"
                        ? "ml-6 bg-primary/5"
                        : "mr-6 bg-muted/40",
                  )}
                >
                  <ReplyAuthor reply={r} at={format(new Date(r.createdAt), "MMM d, HH:mm")} />
                  <MessageBody content={r.content} html={r.html} />
                  <AttachmentList attachments={r.attachments} />
                </div>
              ))}
            </section>
            {staff && <TicketMailSection ticketId={t.id} />}
            {staff && <TicketHistory ticketId={t.id} customerName={t.customerName} />}
          </div>
          {staff && (
            <div className="border-t @3xl:border-t-0 @3xl:border-l">
              <CustomerPanel ticketId={t.id} onOpenTicket={onOpenTicket} />
            </div>
          )}
        </div>
      </div>
      {staff && <MailBounceWarning ticketId={t.id} customerEmail={t.customerEmail} />}
      <ReplyForm
        ticket={t}
        canWriteNotes={staff}
        onOpenTicket={onOpenTicket}
        onTyping={staff ? typing.keystroke : undefined}
        onSent={typing.stop}
      />
    </article>
  );
}
