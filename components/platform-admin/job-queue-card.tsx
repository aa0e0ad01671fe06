"use client";

import { formatDistanceToNowStrict } from "date-fns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useJobQueueHealth, useRetryJob } from "./job-queries";

function waited(seconds: number | null) {
  if (seconds === null) return "-";
  if (seconds < 60) return `${seconds}s`;
  return formatDistanceToNowStrict(Date.now() - seconds * 1000);
}

/** The job queue per kind of job, and the dead jobs a platform admin can run again. */
export function JobQueueCard() {
  const health = useJobQueueHealth();
  const retry = useRetryJob({
    onSuccess: () => toast({ title: "Job queued again", description: "It runs with a fresh set of attempts." }),
    onError: (error) => toastError("Retry failed", error, "Failed to retry the job"),
  });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2">Job queue</CardTitle>
        <CardDescription>Emails, SLA warnings and clean-up, run by the workers</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {health.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the job queue...</p>
        ) : health.isError ? (
          <p className="text-sm text-destructive">Failed to load the job queue</p>
        ) : (
          <>
            <div className="min-w-0 overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Job</TableHead>
                    <TableHead className="text-right">Queued</TableHead>
                    <TableHead className="text-right">Running</TableHead>
                    <TableHead className="text-right">Failed</TableHead>
                    <TableHead className="text-right">Dead</TableHead>
                    <TableHead className="text-right">Oldest wait</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {health.data.kinds.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={6} className="text-center text-muted-foreground">
                        No jobs have run yet
                      </TableCell>
                    </TableRow>
                  ) : (
                    health.data.kinds.map((k) => (
                      <TableRow key={k.kind}>
                        <TableCell className="font-mono text-xs">{k.kind}</TableCell>
                        <TableCell className="text-right tabular-nums">{k.queued}</TableCell>
                        <TableCell className="text-right tabular-nums">{k.running}</TableCell>
                        <TableCell className="text-right tabular-nums">{k.failed}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          {k.dead > 0 ? <Badge variant="destructive">{k.dead}</Badge> : 0}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{waited(k.oldestWaitingSeconds)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </div>
            {health.data.dead.length > 0 && (
              <section aria-labelledby="dead-jobs-heading" className="grid gap-2">
                <h3 id="dead-jobs-heading" className="text-sm font-semibold">
                  Dead jobs
                </h3>
                <ul className="grid gap-2">
                  {health.data.dead.map((job) => (
                    <li
                      key={job.id}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                    >
                      <div className="min-w-0 text-sm">
                        <p className="font-mono text-xs">
                          {job.kind} #{job.id}
                        </p>
                        <p className="break-words text-muted-foreground">
                          {job.attempts} attempts, last {formatDistanceToNowStrict(new Date(job.diedAt))} ago
                          {job.lastError ? `: ${job.lastError}` : ""}
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => retry.mutate(job.id)}
                        disabled={retry.isPending}
                        aria-label={`Retry ${job.kind} job ${job.id}`}
                      >
                        Retry
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
