"use client";

import { SearchX } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/http/client/api";
import { KbLink } from "./kb-link";
import { useKbInsights } from "./queries";

const number = (n: number) => n.toLocaleString("en-US");
const ratio = (yes: number, no: number) => (yes + no ? `${Math.round((yes / (yes + no)) * 100)} %` : "–");

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardDescription>{label}</CardDescription>
        <CardTitle as="p" className="text-3xl tabular-nums">
          {value}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 text-xs text-muted-foreground">{detail}</CardContent>
    </Card>
  );
}

/**
 * The last 30 days of the help center: what customers searched for and did not find (what to
 * write next), the most read articles, how helpful readers found them, and the tickets the
 * portal's suggestions spared the team.
 */
export function KbInsights() {
  const insights = useKbInsights();
  if (insights.isPending) return <p className="text-sm text-muted-foreground">Loading insights...</p>;
  if (insights.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load insights: {errorMessage(insights.error, "please try again later")}
      </p>
    );
  const { noResultSearches, mostViewed, helpful, deflections, suggestionOpens } = insights.data;
  return (
    <section aria-labelledby="kb-insights-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="kb-insights-heading" className="text-lg font-semibold">
          Insights
        </h3>
        <p className="text-sm text-muted-foreground">The last 30 days of your help center.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3" data-kb-figures>
        <Figure
          label="Found it helpful"
          value={ratio(helpful.yes, helpful.no)}
          detail={helpful.yes + helpful.no ? `${number(helpful.yes)} yes, ${number(helpful.no)} no` : "No votes yet"}
        />
        <Figure
          label="Deflections"
          value={number(deflections)}
          detail="Customers who opened a suggested article and did not send their ticket"
        />
        <Figure
          label="Suggestions opened"
          value={number(suggestionOpens)}
          detail="Articles opened from the portal's suggestions"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h4" className="text-base">
              Searches with no result
            </CardTitle>
            <CardDescription>What customers looked for and did not find: what to write next.</CardDescription>
          </CardHeader>
          <CardContent>
            {noResultSearches.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <SearchX className="size-4" aria-hidden /> Every search found something.
              </p>
            ) : (
              <ol className="grid gap-1.5 text-sm" aria-label="Searches with no result">
                {noResultSearches.map((s) => (
                  <li key={s.term} className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 truncate" title={s.term}>
                      {s.term}
                    </span>
                    <span className="shrink-0 text-muted-foreground tabular-nums">
                      {s.searches === 1 ? "1 search" : `${number(s.searches)} searches`}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h4" className="text-base">
              Most viewed
            </CardTitle>
            <CardDescription>The articles customers read most, and how helpful they found them.</CardDescription>
          </CardHeader>
          <CardContent>
            {mostViewed.length === 0 ? (
              <p className="text-sm text-muted-foreground">No article has been viewed yet.</p>
            ) : (
              <ol className="grid gap-1.5 text-sm" aria-label="Most viewed articles">
                {mostViewed.map((a) => (
                  <li key={a.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3">
                    <KbLink
                      to={{ page: "article", id: a.id }}
                      className="truncate font-medium hover:underline"
                      title={a.title}
                    >
                      {a.title}
                    </KbLink>
                    <span className="text-muted-foreground tabular-nums">
                      {a.views === 1 ? "1 view" : `${number(a.views)} views`}
                    </span>
                    <span className="col-span-2 text-xs text-muted-foreground">
                      {a.helpfulYes + a.helpfulNo ? `Helpful: ${ratio(a.helpfulYes, a.helpfulNo)}` : "No votes yet"}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
