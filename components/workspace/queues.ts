import { AlarmClock, CheckCircle2, Clock, Inbox, ListTodo, UserCheck, Users } from "lucide-react";
import type { QueueCounts } from "@/lib/schemas/tickets";
import type { View } from "@/lib/tickets/views";
import { can, type Permission, type RoleHolder } from "@/lib/permissions/table";

/**
 * The sidebar's queues in the spec's order, with their labels, counts and icons; My Groups (the
 * open tickets of the groups one is in) beside My Open, for those who may see groups.
 */
export const QUEUES: {
  view: View;
  label: string;
  key: keyof QueueCounts;
  icon: typeof Inbox;
  permission?: Permission;
}[] = [
  { view: "unassigned", label: "Unassigned", key: "unassigned", icon: Inbox },
  { view: "my-open", label: "My Open", key: "myOpen", icon: UserCheck },
  { view: "my-groups", label: "My Groups", key: "myGroups", icon: Users, permission: "groups.read" },
  { view: "all-open", label: "All Open", key: "allOpen", icon: ListTodo },
  { view: "sla-risk", label: "SLA at Risk", key: "slaRisk", icon: AlarmClock },
  { view: "recently-updated", label: "Recent Updates", key: "recentlyUpdated", icon: Clock },
  { view: "closed", label: "Closed (7d)", key: "closed", icon: CheckCircle2 },
];

/** The queues this user works from (a customer is in no group). */
export function queuesFor(user: RoleHolder | null | undefined) {
  return QUEUES.filter((q) => !q.permission || can(user, q.permission));
}

export function queueLabel(view: View): string {
  return QUEUES.find((q) => q.view === view)?.label ?? view;
}
