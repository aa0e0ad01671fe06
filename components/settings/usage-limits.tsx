"use client";

import { useUsage } from "@/components/tickets/usage-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { formatFileSize } from "@/lib/format/file-size";
import { seatFigure, seatsTaken } from "@/lib/format/seats";
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
  figure,
  note,
}: {
  label: string;
  current: number | undefined;
  limit: number | undefined;
  /** How the figure reads, when "3 of 10" would not say it all. */
  figure?: string;
  note?: string;
}) {
  const known = current !== undefined && limit !== undefined;
  // A limit of 0 means the plan does not include it: nothing to fill, nothing full.
  const measured = known && limit !== UNLIMITED && limit > 0;
  const percent = measured ? Math.min(100, (current / limit) * 100) : 0;
  const full = measured && current >= limit;
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-x-2 text-sm">
        <span>{label}</span>
        <span className={cn("tabular-nums", full && "font-medium text-destructive")}>
          {known ? (figure ?? (limit === UNLIMITED ? `${current} (unlimited)` : `${current} of ${limit}`)) : "-"}
        </span>
      </div>
      {measured && (
        <Progress
          value={percent}
          aria-label={`${label}: ${figure ?? `${current} of ${limit}`}`}
          indicatorClassName={full ? "bg-destructive" : percent >= 80 ? "bg-amber-500" : undefined}
        />
      )}
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </div>
  );
}

/** '12 MB of 1000 MB', '12 MB (unlimited)', or that the plan has no storage for attachments. */
function storageFigure(usedBytes: number, limitMb: number): string {
  if (limitMb === UNLIMITED) return `${formatFileSize(usedBytes)} (unlimited)`;
  if (limitMb === 0) return "Not included in your plan";
  return `${formatFileSize(usedBytes)} of ${limitMb} MB`;
}

/** Usage against the plan's limits: tickets, agent seats, support emails, macros and storage. */
export function UsageLimits({ organizationId }: { organizationId: string }) {
  const { usage } = useUsage();
  const org = useOrganization(organizationId);
  const seats = useSeats();
  const macros = useMacros({ enabled: useMaySeeUsage() });
  const plan = org.data?.plan;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Usage &amp; Limits</CardTitle>
        <CardDescription>What your plan includes and how much of it is in use.</CardDescription>
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
          current={seats.data && seatsTaken(seats.data)}
          limit={seats.data?.limit}
          figure={seats.data && seatFigure(seats.data)}
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
        <Limit
          label="Storage"
          current={usage?.storage.used}
          limit={usage?.storage.limit}
          figure={usage && plan ? storageFigure(usage.storage.used, PLANS[plan].storageMb) : undefined}
          note="Attachments of tickets and replies"
        />
      </CardContent>
    </Card>
  );
}
