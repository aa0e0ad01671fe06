"use client";

import { CreditCard, Mail, Tag, UserPlus } from "lucide-react";
import Link from "next/link";
import { useOrganization } from "@/components/settings/queries";
import { useTicketStats } from "@/components/tickets/queries";
import { HomeLink } from "./home-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { percentShares } from "@/lib/format/shares";
import { STATUS_LABELS, TICKET_STATUSES } from "@/lib/tickets/fields";

function Stat({ label, value, hint }: { label: string; value: number | string; hint: string }) {
  return (
    <Card role="group" aria-label={label}>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle as="p" className="text-3xl tabular-nums" data-testid="stat-value">
          {value}
        </CardTitle>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardHeader>
    </Card>
  );
}

const QUICK_ACTIONS = [
  { label: "Add Agent", href: "/settings#team", icon: UserPlus },
  { label: "Manage Plan", href: "/settings", icon: CreditCard },
  { label: "Email Settings", href: "/settings#organization", icon: Mail },
  { label: "View Pricing", href: "/pricing", icon: Tag },
] as const;

/** Admin Dashboard > Overview: tickets by status, and the ways to the plan's usage and the settings. */
export function OverviewTab({ organizationId }: { organizationId: string }) {
  const stats = useTicketStats();
  const org = useOrganization(organizationId);
  const s = stats.data;
  const total = s?.totalTickets ?? 0;
  // Every status, so the shares add up to the total (and to 100%).
  const counts = TICKET_STATUSES.map((status) => s?.statusBreakdown[status] ?? 0);
  const shares = percentShares(counts);
  return (
    <div className="grid gap-6">
      {stats.isError && <p className="text-sm text-destructive">Failed to load ticket statistics</p>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total Tickets" value={s?.totalTickets ?? "-"} hint="All time" />
        <Stat label="Open Tickets" value={s?.openTickets ?? "-"} hint="Open, pending or in progress" />
        <Stat label="Resolved Tickets" value={s?.resolvedTickets ?? "-"} hint="Resolved or closed" />
        <Stat
          label="Support Emails"
          value={org.data?.supportEmails.length ?? "-"}
          hint={`${org.data?.supportEmails.filter((e) => e.isActive).length ?? 0} active`}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Ticket Status Breakdown</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {TICKET_STATUSES.map((status, i) => {
              const n = counts[i]!;
              const share = shares[i]!;
              return (
                <div key={status} className="grid gap-1.5">
                  <div className="flex justify-between text-sm">
                    <span>{STATUS_LABELS[status]}</span>
                    <span className="font-medium tabular-nums">
                      {n} <span className="font-normal text-muted-foreground">({share}%)</span>
                    </span>
                  </div>
                  <Progress value={share} aria-label={`${STATUS_LABELS[status]}: ${n} of ${total}`} />
                </div>
              );
            })}
          </CardContent>
        </Card>
        {/* Usage is Settings' question: a way there, with the other ways out of this screen. */}
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Usage &amp; Limits</CardTitle>
              <CardDescription>
                Tickets, agent seats, support emails and macros against your plan, and the plan itself.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <HomeLink href="/settings#plan">See usage and limits in Settings → Plan &amp; Billing</HomeLink>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-2">
              {QUICK_ACTIONS.map(({ label, href, icon: Icon }) => (
                <Button key={label} asChild variant="outline" className="h-auto justify-start py-3">
                  <Link href={href}>
                    <Icon className="size-4" aria-hidden />
                    {label}
                  </Link>
                </Button>
              ))}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
