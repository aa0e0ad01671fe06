"use client";

import { format, formatDistanceToNow } from "date-fns";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useActivity } from "./queries";

/** Beyond the spec's placeholder: the organisation's audit trail, newest first. */
export function ActivityTab() {
  const activity = useActivity();
  const events = activity.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Activity</CardTitle>
        <CardDescription>
          Who did what, and when: sign-ins, invitations, role and status changes, support emails and ticket changes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {activity.isPending ? (
          <p className="text-sm text-muted-foreground">Loading activity...</p>
        ) : activity.isError ? (
          <p className="text-sm text-destructive">Failed to load activity</p>
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet</p>
        ) : (
          <ol className="divide-y" aria-label="Activity log">
            {events.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
                data-action={e.action}
              >
                <span className="text-sm">{e.text}</span>
                <time
                  dateTime={e.createdAt}
                  title={format(new Date(e.createdAt), "MMM d, yyyy HH:mm")}
                  className="text-xs whitespace-nowrap text-muted-foreground"
                >
                  {formatDistanceToNow(new Date(e.createdAt), { addSuffix: true })}
                </time>
              </li>
            ))}
          </ol>
        )}
        <LoadMoreButton pages={activity} />
      </CardContent>
    </Card>
  );
}
