"use client";

import Link from "next/link";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import type { Jsonify } from "@/lib/schemas/json";
import type { RatingComment } from "@/lib/schemas/reports";
import { ticketUrl } from "@/lib/tickets/ticket-url";

/** The range's latest rating comments, each saying good or bad in words and opening its ticket. */
export function RatingComments({ comments }: { comments: Jsonify<RatingComment>[] }) {
  if (comments.length === 0) return <p className="text-sm text-muted-foreground">No comments in this range.</p>;
  return (
    <ul className="grid gap-3" aria-label="Latest comments">
      {comments.map((c) => {
        const Icon = c.score === "good" ? ThumbsUp : ThumbsDown;
        return (
          <li key={`${c.ticketNumber}-${c.ratedAt}`} className="grid min-w-0 gap-1 rounded-md border p-3">
            <p className="text-sm break-words whitespace-pre-line">“{c.comment}”</p>
            <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
              <Icon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="shrink-0 font-medium text-foreground">{c.score === "good" ? "Good" : "Bad"}</span>
              <span aria-hidden="true">·</span>
              <Link href={ticketUrl(c.ticketNumber)} className="min-w-0 truncate underline-offset-4 hover:underline">
                #{c.ticketNumber} {c.subject}
              </Link>
              <span aria-hidden="true">·</span>
              <time dateTime={c.ratedAt} className="shrink-0">
                {c.ratedAt.slice(0, 10)}
              </time>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
