"use client";

import { format, formatDuration, intervalToDuration } from "date-fns";
import { RefreshCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { JobQueueCard } from "./job-queue-card";
import { usePlatformHealth } from "./queries";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function uptime(seconds: number) {
  if (seconds < 60) return `${seconds} seconds`;
  return formatDuration(intervalToDuration({ start: 0, end: seconds * 1000 }), {
    format: ["days", "hours", "minutes"],
  });
}

/** What the server knows about itself: database round trip, migration level, version, uptime. */
export function SystemHealthTab() {
  const health = usePlatformHealth();
  if (health.isPending) return <p className="text-sm text-muted-foreground">Checking system health...</p>;
  if (health.isError) return <p className="text-sm text-destructive">Failed to load system health</p>;
  const h = health.data;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Checked {format(new Date(h.checkedAt), "MMM d, yyyy HH:mm:ss")}</p>
        <Button variant="outline" size="sm" onClick={() => health.refetch()} disabled={health.isFetching}>
          <RefreshCw aria-hidden /> {health.isFetching ? "Checking..." : "Check again"}
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Database</CardTitle>
            <CardDescription>PostgreSQL, as this server reaches it</CardDescription>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Status">
                {h.database.reachable ? (
                  <Badge variant="success">Reachable</Badge>
                ) : (
                  <Badge variant="destructive">Unreachable</Badge>
                )}
              </Row>
              <Row label="Round trip">{h.database.latencyMs !== null ? `${h.database.latencyMs} ms` : "-"}</Row>
              <Row label="Migrations applied">{h.migrations ? h.migrations.applied : "-"}</Row>
              <Row label="Latest migration">
                <span className="font-mono text-xs break-all">{h.migrations?.latest ?? "-"}</span>
              </Row>
              <Row label="Applied at">
                {h.migrations?.latestAppliedAt
                  ? format(new Date(h.migrations.latestAppliedAt), "MMM d, yyyy HH:mm")
                  : "-"}
              </Row>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Application</CardTitle>
            <CardDescription>The server process that answered</CardDescription>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Version">
                {h.app.name} {h.app.version}
              </Row>
              <Row label="Environment">{h.app.environment}</Row>
              <Row label="Node.js">{h.app.node}</Row>
              <Row label="Uptime">{uptime(h.app.uptimeSeconds)}</Row>
              <Row label="Started">{format(new Date(h.app.startedAt), "MMM d, yyyy HH:mm")}</Row>
              <Row label="Memory">{h.app.memoryMb} MB</Row>
            </dl>
          </CardContent>
        </Card>
      </div>
      <JobQueueCard />
    </div>
  );
}
