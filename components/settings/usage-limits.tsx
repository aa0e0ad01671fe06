"use client";

import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { useUsage } from "@/components/tickets/usage-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import { useSeats } from "@/components/users/queries";
import { PLANS, UNLIMITED } from "@/lib/plans/limits";
import { useMacros } from "@/components/macros/queries";
import { useOrganization } from "./queries";
import { useMaySeeUsage } from "./use-may-see-usage";

function Limit({
  label,
  current,
  limit,
  note,
}: {
  label: string;
  current: number | undefined;
  limit: number | undefined;
  note?: string;
}) {
  const known = current !== undefined && limit !== undefined;
  const unlimited = limit === UNLIMITED;
  const percent = known && !unlimited && limit > 0 ? Math.min(100, (current / limit) * 100) : 0;
  const full = known && !unlimited && current >= limit;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className={cn("tabular-nums", full && "font-medium text-destructive")}>
          {known ? (unlimited ? `${current} (unlimited)` : `${current} of ${limit}`) : "-"}
        </span>
      </div>
      {known && !unlimited && (
        <Progress
          value={percent}
          aria-label={`${label}: ${current} of ${limit}`}
          indicatorClassName={full ? "bg-destructive" : percent >= 80 ? "bg-amber-500" : undefined}
        />
      )}
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </div>
  );
}

/**
 * Usage against the plan's limits: tickets, agent seats, support emails, macros and storage (not
 * measured yet, so shown as coming soon rather than a made-up figure).
 */
export function UsageLimits({ organizationId, upgrade = true }: { organizationId: string; upgrade?: boolean }) {
  const { usage } = useUsage();
  const org = useOrganization(organizationId);
  const seats = useSeats();
  const macros = useMacros({ enabled: useMaySeeUsage() });
  const plan = org.data?.plan;
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Usage &amp; Limits</CardTitle>
          <CardDescription>What your plan includes and how much of it is in use.</CardDescription>
        </div>
        {upgrade && plan !== "enterprise" && <UpgradeDialog label="Upgrade" />}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Limit
          label="Tickets"
          current={usage?.tickets.current}
          limit={usage?.tickets.limit}
          note={
            plan
              ? PLANS[plan].ticketPeriod === "total"
                ? "Counted over the life of the plan"
                : "Counted per calendar month"
              : undefined
          }
        />
        <Limit
          label="Agent seats"
          current={seats.data?.used}
          limit={seats.data?.limit}
          note={seats.data?.pending ? `${seats.data.pending} invitation(s) pending` : undefined}
        />
        <Limit
          label="Support emails"
          current={org.data?.supportEmails.length}
          limit={plan ? PLANS[plan].supportEmails : undefined}
        />
        <Limit
          label="Macros"
          current={macros.data?.macros.length}
          limit={macros.data ? (macros.data.limit ?? UNLIMITED) : undefined}
        />
        <div className="flex items-center justify-between gap-2 text-sm">
          <span>Storage</span>
          <span className="flex items-center gap-2">
            0 MB <Badge variant="secondary">Coming soon</Badge>
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
