"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";
import { useSatisfactionSummary } from "./queries";

/** The dashboard's customer satisfaction: share of Good among the ratings of the last 30 days. */
export function SatisfactionCard() {
  const me = useCurrentUser();
  const allowed = can(me, "satisfaction.read");
  const summary = useSatisfactionSummary(allowed);
  if (!allowed) return null;
  const s = summary.data;
  return (
    <Card role="region" aria-label="Customer satisfaction">
      <CardHeader>
        <CardTitle as="h2">Customer satisfaction, last 30 days</CardTitle>
        <CardDescription>
          How customers rated resolved tickets (&quot;How did we do?&quot; in the resolved email).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {summary.isError ? (
          <p className="text-sm text-destructive">Failed to load satisfaction</p>
        ) : !s ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : s.rated === 0 ? (
          <p className="text-sm text-muted-foreground">No ratings yet</p>
        ) : (
          <>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-semibold tabular-nums" data-testid="satisfaction-percent">
                {s.percentGood}% good
              </span>
              <span className="text-sm text-muted-foreground">
                of {s.rated} {s.rated === 1 ? "rating" : "ratings"} ({s.good} good, {s.rated - s.good} bad)
              </span>
            </p>
            <Progress value={s.percentGood ?? 0} aria-label={`Satisfaction: ${s.percentGood}% good`} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
