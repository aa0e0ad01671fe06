"use client";

import type { FormEvent } from "react";
import { useAssignableUsers } from "@/components/tickets/queries";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormDialog } from "@/components/ui/form-dialog";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SelectField } from "@/components/ui/select-field";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError } from "@/lib/http/client/api";
import { GROUP_ASSIGNMENT_LABELS, GROUP_ASSIGNMENTS, groupInputSchema } from "@/lib/schemas/groups";
import { useSaveGroup, type GroupJson } from "./groups-queries";

/** What each mode does with a new ticket put in the group, under the form. */
const ASSIGNMENT_HINTS: Record<string, string> = {
  manual: "New tickets wait in the group until someone takes them.",
  round_robin:
    "Each new ticket goes to the next member in turn. Members who are away or at the limit are skipped; with nobody left, the ticket waits in the group.",
  balanced:
    "Each new ticket goes to the member with the fewest open tickets. Members who are away or at the limit are skipped; with nobody left, the ticket waits in the group.",
};

type FormValues = { name: string; assignment: string; maxOpenPerAgent: string; memberIds: string[] };
type FormField = keyof FormValues;
const FIELDS: readonly string[] = ["name", "assignment", "maxOpenPerAgent", "memberIds"] satisfies FormField[];

/** The server's per-field problems (a 400 with issues, "memberIds.2" for a member) beside their fields. */
function serverIssues(error: unknown): { field: FormField; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const issues = error.details.issues;
  if (Array.isArray(issues))
    return issues
      .map((i: { path?: unknown; message?: unknown }) => ({
        field: String(i.path).split(".")[0] as FormField,
        message: String(i.message),
      }))
      .filter((i) => FIELDS.includes(i.field));
  return error.code === "conflict" ? [{ field: "name", message: error.error }] : [];
}

function GroupForm({ group, onDone }: { group: GroupJson | null; onDone: () => void }) {
  const initial: FormValues = {
    name: group?.name ?? "",
    assignment: group?.assignment ?? "manual",
    maxOpenPerAgent: group?.maxOpenPerAgent?.toString() ?? "",
    memberIds: group?.memberIds ?? [],
  };
  const form = useZodForm(groupInputSchema, initial);
  const people = useAssignableUsers();
  const save = useSaveGroup(group?.id ?? null, {
    // No toast: the dialog closes onto the list, which shows the group as saved.
    onSuccess: () => onDone(),
    onError: (error) => {
      for (const issue of serverIssues(error)) form.setError(issue.field, issue.message);
      toastError("Could not save the group", error, "Please try again later");
    },
  });

  function toggle(id: string, on: boolean) {
    const ids = form.values.memberIds.filter((m) => m !== id);
    form.setValue("memberIds", on ? [...ids, id] : ids);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const cap = form.values.maxOpenPerAgent.trim();
    const parsed = form.check("Validation Error", { maxOpenPerAgent: cap ? Number(cap) : null });
    if (parsed) save.mutate(parsed);
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="group-name" label="Name" error={form.errors.name} required>
        <Input id="group-name" placeholder="Billing" autoComplete="off" {...form.text("name")} />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={form.errors.memberIds ? "group-members-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">Members</legend>
        {people.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the team...</p>
        ) : (
          <ul className="grid max-h-56 gap-2 overflow-y-auto rounded-md border p-3 sm:grid-cols-2">
            {(people.data ?? []).map((person) => (
              <li key={person.id} className="flex min-w-0 items-center gap-2">
                <Checkbox
                  id={`group-member-${person.id}`}
                  checked={form.values.memberIds.includes(person.id)}
                  onCheckedChange={(on) => toggle(person.id, on === true)}
                />
                <Label htmlFor={`group-member-${person.id}`} className="truncate font-normal">
                  {person.fullName}
                </Label>
              </li>
            ))}
          </ul>
        )}
        <FieldError id="group-members" label="Members" error={form.errors.memberIds} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="group-assignment"
          label="Assignment"
          error={form.errors.assignment}
          value={form.values.assignment}
          options={GROUP_ASSIGNMENTS.map((value) => ({ value, label: GROUP_ASSIGNMENT_LABELS[value] }))}
          onChange={(v) => form.setValue("assignment", v)}
        />
        <Field
          id="group-cap"
          label="Open tickets per agent"
          hint="Empty for no limit"
          error={form.errors.maxOpenPerAgent}
        >
          <Input id="group-cap" type="number" min={1} inputMode="numeric" {...form.text("maxOpenPerAgent")} />
        </Field>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="assignment-hint">
        {ASSIGNMENT_HINTS[form.values.assignment] ?? ASSIGNMENT_HINTS.manual}
      </p>
      <DialogActions label={group ? "Save Group" : "Create Group"} pendingLabel="Saving..." pending={save.isPending} />
    </form>
  );
}

/** Settings > Groups: create a group (group null) or edit one. */
export function GroupDialog({
  group,
  open,
  onOpenChange,
}: {
  group: GroupJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? `Edit group "${group.name}"` : "New group"}
      description="A team of agents that tickets are routed to, such as Billing or Tier 2. An agent may be in several."
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      {(done) => <GroupForm key={group?.id ?? "new"} group={group} onDone={done} />}
    </FormDialog>
  );
}
