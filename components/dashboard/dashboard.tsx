"use client";

import { format } from "date-fns";
import Link from "next/link";
import { StatusBadge } from "@/components/tickets/ticket-badges";
import { useTicketStats } from "@/components/tickets/queries";
import { belowPro, UpgradeDialog, useMayUpgrade } from "@/components/tickets/upgrade-dialog";
import { useUsage } from "@/components/tickets/usage-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { HomeLink } from "@/components/admin/home-link";
import { ActivityChart } from "./activity-chart";
import { SatisfactionCard } from "@/components/satisfaction/satisfaction-card";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";
import { UNLIMITED } from "@/lib/plans/limits";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";

function Metric({ label, value }: { label: string; value: number | string }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle as="p" className="text-3xl">
          {value}
        </CardTitle>
      </CardHeader>
    </Card>
  );
}

function Breakdown({
  title,
  counts,
  labels,
}: {
  title: string;
  counts: Record<string, number>;
  labels: Record<string, string>;
}) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {Object.entries(counts).map(([key, n]) => (
          <div key={key} className="grid gap-1">
            <div className="flex justify-between text-sm">
              <span>{labels[key] ?? key}</span>
              <span className="font-medium tabular-nums">{n}</span>
            </div>
            <Progress value={(n / total) * 100} aria-label={`${labels[key] ?? key}: ${n}`} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** The tags most open tickets carry, with how many each (staff: tags are the team's own labels). */
function TopTags({ tags }: { tags: { name: string; openTickets: number }[] }) {
  const most = tags[0]?.openTickets || 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Top tags</CardTitle>
        <CardDescription>Open tickets per tag</CardDescription>
      </CardHeader>
      <CardContent>
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">No open tickets are tagged yet</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {tags.map((t) => (
              <li key={t.name} className="grid gap-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="truncate">{t.name}</span>
                  <span className="font-medium tabular-nums">{t.openTickets}</span>
                </div>
                <Progress value={(t.openTickets / most) * 100} aria-label={`${t.name}: ${t.openTickets}`} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The /app#dashboard section. */
export function Dashboard({ onOpenTicket }: { onOpenTicket: (id: string) => void }) {
  const stats = useTicketStats();
  const { usage } = useUsage();
  const mayUpgrade = useMayUpgrade();
  const mayTag = can(useCurrentUser(), "tickets.tags");
  if (stats.isPending) return <p className="p-6 text-sm text-muted-foreground">Loading dashboard...</p>;
  if (stats.isError) return <p className="p-6 text-sm text-destructive">Failed to load the dashboard</p>;
  const s = stats.data;
  const limit = usage?.tickets.limit;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 overflow-y-auto p-4 sm:p-6">
      <h2 className="text-2xl font-semibold">Dashboard</h2>
      {belowPro(usage?.plan) && mayUpgrade && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-primary/10 p-4">
          <p className="text-sm">Unlock advanced SLA, automation and more seats with the Pro plan.</p>
          <Button asChild size="sm">
            <Link href="/pricing">View plans</Link>
          </Button>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Metric label="Total Tickets" value={s.totalTickets} />
        <Metric label="Open Tickets" value={s.openTickets} />
        <Metric label="Resolved Tickets" value={s.resolvedTickets} />
        <Card>
          <CardHeader>
            <CardDescription>Usage</CardDescription>
            <CardTitle as="p" className="text-3xl">
              {usage ? usage.tickets.current : "-"}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <p className="text-xs text-muted-foreground">
              {usage && limit !== UNLIMITED ? `${usage.tickets.current} of ${limit} limit used` : "Unlimited tickets"}
            </p>
            {usage && limit !== UNLIMITED && <Progress value={usage.tickets.percentUsed} aria-label="Ticket usage" />}
            {usage && <HomeLink href="/settings#plan">All limits in Settings → Plan &amp; Billing</HomeLink>}
            <UpgradeDialog />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Created and resolved, last 30 days</CardTitle>
        </CardHeader>
        <CardContent>
          <ActivityChart daily={s.daily} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Breakdown title="By status" counts={s.statusBreakdown} labels={STATUS_LABELS} />
        <Breakdown title="By priority" counts={s.priorityBreakdown} labels={PRIORITY_LABELS} />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recent tickets</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {s.recentTickets.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => onOpenTicket(t.id)}
                    className="grid w-full gap-0.5 rounded-md p-2 text-left hover:bg-muted"
                  >
                    <span className="truncate text-sm font-medium">
                      #{t.ticketNumber} {t.subject}
                    </span>
                    <span className="flex items-center gap-2 text-xs text-muted-foreground">
                      <StatusBadge status={t.status} /> {format(new Date(t.createdAt), "MMM d, yyyy")}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <SatisfactionCard />
      {s.topTags && mayTag && <TopTags tags={s.topTags} />}
      <Card>
        <CardHeader>
          <CardTitle as="h2">SLA</CardTitle>
          <CardDescription>
            First-response and resolution targets per priority are tracked on every ticket; see the SLA at Risk queue.
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
