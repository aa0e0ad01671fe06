"use client";

import {
  Archive,
  ChevronDown,
  ChevronUp,
  ChevronsUp,
  CircleCheck,
  CircleDashed,
  CircleDot,
  CirclePause,
  Clock,
  Equal,
  Hourglass,
  TimerOff,
  type LucideIcon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import type { TicketJson } from "@/lib/schemas/tickets";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";
import { slaSummary } from "@/lib/tickets/sla";
import { slaText } from "@/lib/format/sla-text";

/*
 * One colour system for status, priority and SLA. Every value has its own hue AND its own
 * icon, so none is told apart by colour alone: Urgent is a solid red chip with a double
 * chevron, a breached SLA an outlined red chip with a stopped timer and a sentence; High is
 * orange with a chevron, Pending violet with a pause sign, an SLA at risk yellow with an
 * hourglass. Text and background pairs are the 100/900 and 950/200 steps, well above WCAG
 * AA (4.5:1) at 12 px in light and dark.
 */
type Tone = { icon: LucideIcon; className: string };

const STATUS_TONES: Record<string, Tone> = {
  open: { icon: CircleDot, className: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200" },
  pending: { icon: CirclePause, className: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200" },
  in_progress: { icon: CircleDashed, className: "bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200" },
  resolved: {
    icon: CircleCheck,
    className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  },
  closed: { icon: Archive, className: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" },
};

const PRIORITY_TONES: Record<string, Tone> = {
  urgent: { icon: ChevronsUp, className: "bg-red-700 text-white dark:bg-red-300 dark:text-red-950" },
  high: { icon: ChevronUp, className: "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200" },
  medium: { icon: Equal, className: "border-border bg-transparent text-foreground" },
  low: { icon: ChevronDown, className: "border-border bg-transparent text-muted-foreground" },
};

const SLA_TONES = {
  breached: {
    icon: TimerOff,
    className: "border-red-700 bg-transparent text-red-800 dark:border-red-400 dark:text-red-300",
  },
  at_risk: { icon: Hourglass, className: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200" },
  ok: { icon: Clock, className: "border-transparent bg-transparent px-0 text-muted-foreground" },
} satisfies Record<string, Tone>;

const NEUTRAL: Tone = { icon: CircleDot, className: "text-foreground" };

function ToneBadge({
  tone,
  label,
  className,
  iconOnly,
  ...rest
}: { tone: Tone; label: string; className?: string; iconOnly?: boolean } & Record<`data-${string}`, string>) {
  const Icon = tone.icon;
  return (
    <Badge
      variant="outline"
      className={cn("border-transparent", tone.className, className)}
      title={iconOnly ? label : undefined}
      {...rest}
    >
      <Icon aria-hidden />
      {iconOnly ? <span className="sr-only">{label}</span> : label}
    </Badge>
  );
}

/** Unknown values display neutrally. `iconOnly` (compact rows) keeps the name for screen readers and on hover. */
export function StatusBadge({
  status,
  className,
  iconOnly,
}: {
  status: string;
  className?: string;
  iconOnly?: boolean;
}) {
  return (
    <ToneBadge
      iconOnly={iconOnly}
      tone={STATUS_TONES[status] ?? NEUTRAL}
      label={STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}
      className={className}
      data-status={status}
    />
  );
}

export function PriorityBadge({ priority, className }: { priority: string; className?: string }) {
  return (
    <ToneBadge
      tone={PRIORITY_TONES[priority] ?? NEUTRAL}
      label={PRIORITY_LABELS[priority as keyof typeof PRIORITY_LABELS] ?? priority}
      className={className}
      data-priority={priority}
    />
  );
}

/** Which SLA target runs and when: "First reply due in 2 h", "Resolution breached 3 d ago". Done tickets show none. */
export function SlaBadge({ ticket, now, className }: { ticket: TicketJson; now: Date; className?: string }) {
  const sla = slaSummary(
    {
      status: ticket.status,
      priority: ticket.priority,
      firstResponseDueAt: new Date(ticket.firstResponseDueAt),
      resolutionDueAt: new Date(ticket.resolutionDueAt),
      firstRespondedAt: ticket.firstRespondedAt ? new Date(ticket.firstRespondedAt) : null,
    },
    now,
  );
  const text = slaText(sla, now);
  if (sla.state === "none" || !text) return null;
  return <ToneBadge tone={SLA_TONES[sla.state]} label={text} className={className} data-sla={sla.state} />;
}
