import { AlarmClock, CheckCircle2, Clock, Inbox, ListTodo, UserCheck } from "lucide-react";
import type { QueueCounts } from "@/lib/schemas/tickets";
import type { View } from "@/lib/tickets/views";

/** The sidebar's queues in the spec's order, with their labels, counts and icons. */
export const QUEUES: { view: View; label: string; key: keyof QueueCounts; icon: typeof Inbox }[] = [
  { view: "unassigned", label: "Unassigned", key: "unassigned", icon: Inbox },
  { view: "my-open", label: "My Open", key: "myOpen", icon: UserCheck },
  { view: "all-open", label: "All Open", key: "allOpen", icon: ListTodo },
  { view: "sla-risk", label: "SLA at Risk", key: "slaRisk", icon: AlarmClock },
  { view: "recently-updated", label: "Recent Updates", key: "recentlyUpdated", icon: Clock },
  { view: "closed", label: "Closed (7d)", key: "closed", icon: CheckCircle2 },
];

export function queueLabel(view: View): string {
  return QUEUES.find((q) => q.view === view)?.label ?? view;
}
