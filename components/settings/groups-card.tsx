"use client";

import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useAssignableUsers } from "@/components/tickets/queries";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toastError } from "@/components/ui/toast-error";
import { GROUP_ASSIGNMENT_LABELS } from "@/lib/schemas/groups";
import { GroupDialog } from "./groups-dialog";
import { useDeleteGroup, useGroups, type GroupJson } from "./groups-queries";

function DeleteGroupButton({ group }: { group: GroupJson }) {
  const remove = useDeleteGroup(group.id, {
    // No toast on success: the group leaves the list.
    onError: (error) => toastError("Could not delete the group", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${group.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      }
      title="Delete group?"
      description={`"${group.name}" will be deleted. Its tickets stay as they are, in no group, and each ticket's history records the change.`}
      confirm="Delete group"
      onConfirm={() => remove.mutate()}
    />
  );
}

function GroupRow({ group, names, onEdit }: { group: GroupJson; names: Map<string, string>; onEdit: () => void }) {
  const members = group.memberIds.map((id) => names.get(id) ?? "A former team member");
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start" data-group={group.name}>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{group.name}</span>
        <p className="text-sm break-words text-muted-foreground">
          {members.length === 0 ? "No members yet" : members.join(", ")}
        </p>
        <div className="flex flex-wrap gap-1">
          <Badge variant="secondary">{GROUP_ASSIGNMENT_LABELS[group.assignment]}</Badge>
          {group.maxOpenPerAgent !== null && (
            <Badge variant="outline">At most {group.maxOpenPerAgent} open per agent</Badge>
          )}
        </div>
      </div>
      <div className="flex gap-1 sm:justify-end">
        <Button variant="ghost" size="sm" aria-label={`Edit ${group.name}`} onClick={onEdit}>
          <Pencil aria-hidden />
          <span className="max-sm:sr-only">Edit</span>
        </Button>
        <DeleteGroupButton group={group} />
      </div>
    </li>
  );
}

/**
 * Settings > Groups (admins): the organisation's groups of agents, which tickets are routed to
 * and agents work from (My Groups). Available on every plan.
 */
export function GroupsCard() {
  const groups = useGroups();
  const people = useAssignableUsers();
  const [editing, setEditing] = useState<GroupJson | null>(null);
  const [open, setOpen] = useState(false);
  const list = groups.data?.groups ?? [];
  const names = new Map((people.data ?? []).map((p) => [p.id, p.fullName]));

  function edit(group: GroupJson | null) {
    setEditing(group);
    setOpen(true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Groups</CardTitle>
        <CardDescription>
          Teams of agents, such as Billing or Tier 2. A ticket can belong to one group, and agents find the open tickets
          of their groups under My Groups.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {groups.isPending ? (
          <p className="text-sm text-muted-foreground">Loading groups...</p>
        ) : groups.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load groups
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No groups yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Groups">
            {list.map((group) => (
              <GroupRow key={group.id} group={group} names={names} onEdit={() => edit(group)} />
            ))}
          </ul>
        )}
        <div>
          <Button onClick={() => edit(null)}>
            <Plus aria-hidden /> New Group
          </Button>
        </div>
      </CardContent>
      <GroupDialog group={editing} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
