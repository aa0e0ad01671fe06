import type { MacroChanges } from "@/lib/schemas/macros";
import { UNASSIGN } from "./unassign";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";

/**
 * A macro's field changes in words, one per change ("Status: Pending", "Assign to Sam",
 * "Unassign"): the settings list and the summary above the Send button both show these.
 */
export function macroChangesText(macro: MacroChanges & { assigneeName?: string | null }): string[] {
  const parts: string[] = [];
  if (macro.status) parts.push(`Status: ${STATUS_LABELS[macro.status]}`);
  if (macro.priority) parts.push(`Priority: ${PRIORITY_LABELS[macro.priority]}`);
  if (macro.assignee === UNASSIGN) parts.push("Unassign");
  else if (macro.assignee) parts.push(`Assign to ${macro.assigneeName ?? "a former team member"}`);
  if (macro.tags.length > 0) parts.push(`Tag: ${macro.tags.join(", ")}`);
  return parts;
}
