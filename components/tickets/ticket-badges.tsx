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
import { slaFieldsOf, slaSummary } from "@/lib/tickets/sla";
import { shortSpan, slaText } from "@/lib/format/sla-text";

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
  paused: { icon: CirclePause, className: "border-transparent bg-transparent px-0 text-muted-foreground" },
} satisfies Record<string, Tone>;

const NEUTRAL: Tone = { icon: CircleDot, className: "text-foreground" };

function ToneBadge({
  tone,
  label,
  className,
  children,
  ...rest
}: { tone: Tone; label: string; className?: string; children?: React.ReactNode } & Partial<
  Record<`data-${string}` | "title" | "role" | "aria-label", string>
>) {
  const Icon = tone.icon;
  return (
    <Badge variant="outline" className={cn("border-transparent", tone.className, className)} {...rest}>
      <Icon aria-hidden />
      {children ?? label}
    </Badge>
  );
}

/**
 * Unknown values display neutrally. `compact` (list rows) names the status beside its icon where
 * the list is wide enough (a `list` container), and always to screen readers and on hover: never a
 * coloured icon alone.
 */
export function StatusBadge({ status, className, compact }: { status: string; className?: string; compact?: boolean }) {
  const label = STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status;
  const tone = STATUS_TONES[status] ?? NEUTRAL;
  if (!compact) return <ToneBadge tone={tone} label={label} className={className} data-status={status} />;
  return (
    <ToneBadge
      tone={tone}
      label={label}
      className={className}
      data-status={status}
      role="img"
      aria-label={label}
      title={label}
    >
      <span className="hidden @min-[23rem]/list:inline">{label}</span>
    </ToneBadge>
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

/**
 * Which SLA target runs and when: "First reply due in 2 h", "Resolution breached 3 d ago". Done
 * tickets show none. `compact` (list rows) shows "Overdue 3 d" or "Due in 2 h", the whole sentence
 * to screen readers and on hover, so the customer's name keeps its room.
 */
export function SlaBadge({
  ticket,
  now,
  className,
  compact,
}: {
  ticket: TicketJson;
  now: Date;
  className?: string;
  compact?: boolean;
}) {
  const sla = slaSummary(slaFieldsOf(ticket), now);
  const text = slaText(sla, now);
  if (sla.state === "none" || !text) return null;
  const tone = SLA_TONES[sla.state];
  if (!compact) return <ToneBadge tone={tone} label={text} className={className} data-sla={sla.state} />;
  const short =
    sla.state === "paused"
      ? "Paused"
      : sla.state === "breached"
        ? `Overdue ${shortSpan(sla.dueAt, now)}`
        : `Due in ${shortSpan(now, sla.dueAt)}`;
  return (
    <ToneBadge tone={tone} label={text} className={className} data-sla={sla.state} title={text}>
      <span aria-hidden>{short}</span>
      <span className="sr-only">{text}</span>
    </ToneBadge>
  );
}
