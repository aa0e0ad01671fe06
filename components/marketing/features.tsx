import { BarChart3, Building2, ShieldCheck, Timer, Users, Workflow } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const FEATURES = [
  {
    icon: Workflow,
    title: "Intelligent ticket routing",
    text: "Queues for unassigned, mine and at-risk work, so every request reaches the right agent fast.",
  },
  {
    icon: Users,
    title: "Team collaboration",
    text: "Public replies and internal notes side by side, with assignment and history on every ticket.",
  },
  {
    icon: ShieldCheck,
    title: "Role-based access control",
    text: "Agents, admins and platform operators each see what they should, with an audit trail of every change.",
  },
  {
    icon: BarChart3,
    title: "Analytics",
    text: "Volume, status and priority at a glance, and how many tickets were created and resolved each day.",
  },
  {
    icon: Timer,
    title: "SLA tracking and breach alerts",
    text: "First-response and resolution targets per priority, with at-risk and breached tickets flagged early.",
  },
  {
    icon: Building2,
    title: "Multi-tenancy",
    text: "Every organisation's data is isolated, from tickets to team members, on one shared platform.",
  },
];

export function Features() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="features-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
        Everything a support team needs
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader className="flex flex-row items-center gap-3">
              <Icon className="size-6 shrink-0 text-primary" aria-hidden />
              <CardTitle className="text-base">{title}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">{text}</CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

export function StatsStrip() {
  const stats = [
    ["99.98%", "uptime SLA"],
    ["24/7", "support"],
    ["SOC 2", "compliant infrastructure"],
  ];
  return (
    <section aria-label="Key facts" className="border-y bg-muted/50">
      <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-center sm:grid-cols-3">
        {stats.map(([value, label]) => (
          <div key={value} className="grid gap-1">
            <dt className="order-2 text-sm text-muted-foreground">{label}</dt>
            <dd className="order-1 text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
