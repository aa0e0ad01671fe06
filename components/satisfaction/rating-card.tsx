"use client";

import { format } from "date-fns";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/http/client/api";
import { SCORE_LABELS } from "@/lib/satisfaction/rating-link";
import type { Jsonify } from "@/lib/schemas/json";
import {
  RATING_COMMENT_MAX,
  rateTicketSchema,
  type RatingLinkView,
  type SatisfactionScore,
} from "@/lib/schemas/satisfaction";
import { cn } from "@/lib/utils";

type View = Jsonify<RatingLinkView> | RatingLinkView;

const when = (date: string | Date) => format(new Date(date), "MMM d, yyyy");

/** Sends the rating with the link's token; the server's own words come back on a refusal. */
async function sendRating(token: string, body: { score: SatisfactionScore; comment: string }) {
  const res = await fetch("/api/satisfaction/rating", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => null)) as (Jsonify<RatingLinkView> & { error?: string }) | null;
  if (!res.ok) throw new ApiError(res.status, null, data?.error ?? "Could not send your rating", String(res.status));
  return data as Jsonify<RatingLinkView>;
}

function ScoreButton({
  score,
  selected,
  disabled,
  onSelect,
}: {
  score: SatisfactionScore;
  selected: boolean;
  disabled: boolean;
  onSelect: (score: SatisfactionScore) => void;
}) {
  const Icon = score === "good" ? ThumbsUp : ThumbsDown;
  return (
    <Button
      type="button"
      variant="outline"
      aria-pressed={selected}
      disabled={disabled}
      onClick={() => onSelect(score)}
      className={cn(
        "h-12 flex-1 text-base",
        // The choice shows in its border, tint and icon; the label keeps the text colour (contrast).
        selected &&
          score === "good" &&
          "border-2 border-success bg-success/10 hover:bg-success/15 [&_svg]:text-success",
        selected &&
          score === "bad" &&
          "border-2 border-destructive bg-destructive/10 hover:bg-destructive/15 [&_svg]:text-destructive",
      )}
    >
      <Icon aria-hidden="true" />
      {SCORE_LABELS[score]}
    </Button>
  );
}

/**
 * The rating form of /rate/{token}: Good or Bad (the mail's choice already picked), an
 * optional comment and one button that records it. After sending, the customer sees their
 * rating and may change it while it is changeable.
 */
export function RatingCard({
  token,
  initial,
  chosen,
}: {
  token: string;
  initial: View;
  chosen: SatisfactionScore | null;
}) {
  const [view, setView] = useState<View>(initial);
  const [score, setScore] = useState<SatisfactionScore | null>(chosen ?? initial.rating?.score ?? null);
  const [comment, setComment] = useState(initial.rating?.comment ?? "");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  const open = view.state === "open";

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = rateTicketSchema.safeParse({ score, comment });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Choose Good or Bad");
    setSending(true);
    setProblem(null);
    try {
      setView(await sendRating(token, { score: parsed.data.score, comment: parsed.data.comment ?? "" }));
      setThanked(true);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.error : "Could not send your rating. Please try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          How did we do?
        </CardTitle>
        <CardDescription>
          Ticket #{view.ticketNumber}: {view.subject}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {thanked && (
          <p role="status" className="rounded-md border border-success/40 bg-success/10 p-3 text-sm">
            Thank you for your feedback! You rated this ticket {SCORE_LABELS[view.rating?.score ?? "good"]}.
          </p>
        )}
        {!open && (
          <div role="status" className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
            {view.rating && (
              <p>
                You rated this ticket <strong>{SCORE_LABELS[view.rating.score]}</strong> on {when(view.rating.ratedAt)}.
              </p>
            )}
            {view.rating?.comment && <p className="whitespace-pre-wrap text-muted-foreground">{view.rating.comment}</p>}
            <p className="text-muted-foreground">
              {view.state === "locked"
                ? "Ratings can be changed for 7 days after they are given, so this one stays as it is."
                : "This rating link has expired."}
            </p>
          </div>
        )}
        {open && (
          <form onSubmit={submit} className="grid gap-5" noValidate>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Your rating</legend>
              <div className="flex gap-3">
                {(["good", "bad"] as const).map((s) => (
                  <ScoreButton key={s} score={s} selected={score === s} disabled={sending} onSelect={setScore} />
                ))}
              </div>
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor="rating-comment">Comment (optional)</Label>
              <Textarea
                id="rating-comment"
                value={comment}
                maxLength={RATING_COMMENT_MAX}
                onChange={(e) => setComment(e.target.value)}
                placeholder="Tell us more about your experience"
                rows={4}
                disabled={sending}
              />
            </div>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Button type="submit" disabled={sending || !score}>
                {sending ? "Sending..." : view.rating ? "Update rating" : "Send rating"}
              </Button>
              {view.changeableUntil && (
                <span className="text-xs text-muted-foreground">
                  You can change your rating until {when(view.changeableUntil)}.
                </span>
              )}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
