"use client";

import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { OptionSelect } from "@/components/ui/option-select";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";
import { BulkTagDialog } from "./bulk-tag-dialog";
import { useInvalidateTags } from "./tag-queries";
import { useAssignableUsers, useBulkUpdateTickets, type BulkChange } from "./queries";
import { PRIORITY_LABELS, STATUS_LABELS, TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";

const UNASSIGNED = "unassigned";

/**
 * An action picker that applies as soon as a value is chosen, then shows its name again. Tight
 * enough that the whole bar fits one line of the list at its narrowest desktop width.
 */
function ActionSelect(props: Omit<ComponentProps<typeof OptionSelect>, "value" | "className">) {
  return <OptionSelect {...props} value="" className="h-6 w-auto gap-0.5 px-1.5 text-xs [&>svg]:size-3" />;
}

/** Assign, set status or priority, or add or remove tags of every selected ticket in one request. */
export function BulkActionBar({ ids, onDone, onClear }: { ids: string[]; onDone: () => void; onClear: () => void }) {
  const assignable = useAssignableUsers();
  const invalidateTags = useInvalidateTags();
  const bulk = useBulkUpdateTickets({
    onSuccess: (tickets, change) => {
      toast({ title: `${tickets.length} ${tickets.length === 1 ? "ticket" : "tickets"} updated` });
      if ("addTags" in change) void invalidateTags();
      onDone();
    },
    onError: (error) => toastError("Update failed", error, "Please try again later"),
  });
  const apply = (change: BulkChange) => bulk.mutate({ ids, ...change });
  const n = ids.length;
  const tagging = can(useCurrentUser(), "tickets.tags");

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="sticky top-0 z-10 flex min-h-8 flex-wrap items-center gap-1 border-b bg-background px-3 py-1"
    >
      <span className="text-xs font-medium" aria-live="polite">
        {n} selected
      </span>
      <ActionSelect
        label="Assign"
        placeholder="Assign"
        disabled={bulk.isPending}
        options={[
          { value: UNASSIGNED, label: "Unassigned" },
          ...(assignable.data ?? []).map((u) => ({ value: u.id, label: u.fullName })),
        ]}
        onChange={(v) => apply({ assignedTo: v === UNASSIGNED ? null : v })}
      />
      <ActionSelect
        label="Set status"
        placeholder="Status"
        disabled={bulk.isPending}
        options={TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        onChange={(status) => apply({ status })}
      />
      <ActionSelect
        label="Set priority"
        placeholder="Priority"
        disabled={bulk.isPending}
        options={TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        onChange={(priority) => apply({ priority })}
      />
      {tagging && <BulkTagDialog count={n} disabled={bulk.isPending} onApply={apply} />}
      <Button variant="ghost" size="icon" className="ml-auto size-6" onClick={onClear} aria-label="Clear selection">
        <X aria-hidden />
      </Button>
    </div>
  );
}
