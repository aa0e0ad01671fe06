import { differenceInMinutes } from "date-fns";
import type { SlaSummary } from "@/lib/tickets/sla";

export const TARGET_NAMES = { first_reply: "First reply", next_reply: "Next reply", resolution: "Resolution" } as const;

/** A span as an agent reads it at a glance: "45 min", "2 h", "3 d" (rounded down, at least 1 min). */
export function shortSpan(from: Date, to: Date): string {
  const minutes = Math.max(1, Math.abs(differenceInMinutes(to, from)));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** "First reply due in 2 h", "Resolution breached 3 d ago"; null when no target runs. */
export function slaText(sla: SlaSummary, now: Date): string | null {
  if (sla.state === "none") return null;
  if (sla.state === "paused") return "Paused while waiting on the customer";
  const target = TARGET_NAMES[sla.target];
  return sla.state === "breached"
    ? `${target} breached ${shortSpan(sla.dueAt, now)} ago`
    : `${target} due in ${shortSpan(now, sla.dueAt)}`;
}
