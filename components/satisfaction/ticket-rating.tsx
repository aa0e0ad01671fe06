"use client";

import { format } from "date-fns";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { SCORE_LABELS } from "@/lib/satisfaction/rating-link";
import { useTicketRating } from "./queries";

/** The customer's rating of the ticket on the workspace detail, once there is one. */
export function TicketRatingNote({ ticketId }: { ticketId: string }) {
  const query = useTicketRating(ticketId, true);
  const rating = query.data?.rating;
  if (!rating) return null;
  const good = rating.score === "good";
  const Icon = good ? ThumbsUp : ThumbsDown;
  return (
    <section aria-label="Customer rating" className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Customer rating</span>
        <Badge variant={good ? "success" : "destructive"}>
          <Icon aria-hidden="true" />
          {SCORE_LABELS[rating.score]}
        </Badge>
        <span className="text-xs text-muted-foreground">
          {format(new Date(rating.updatedAt), "MMM d, HH:mm")}
          {rating.agentName ? ` · for ${rating.agentName}` : ""}
        </span>
      </div>
      {rating.comment && <p className="whitespace-pre-wrap text-muted-foreground">{rating.comment}</p>}
    </section>
  );
}
