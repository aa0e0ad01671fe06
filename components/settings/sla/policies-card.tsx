"use client";

import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toastError } from "@/components/ui/toast-error";
import { conditionsText, hoursText, type RuleNames } from "@/lib/automations/labels";
import { PLANS } from "@/lib/plans/limits";
import { formatBusinessDuration } from "@/lib/sla/business-time";
import { PRIORITY_LABELS, TICKET_PRIORITIES } from "@/lib/tickets/fields";
import { useGroups } from "../groups-queries";
import type { Choices } from "../automations/rule-draft";
import { PolicyDialog } from "./policy-dialog";
import { defaultTargetHours, TARGET_LABELS, TARGETS } from "./policy-draft";
import { useCalendars, useDeletePolicy, usePolicies, useSavePolicy, type PolicyJson } from "./queries";

function DeletePolicyButton({ policy }: { policy: PolicyJson }) {
  const remove = useDeletePolicy(policy.id, {
    onError: (error) => toastError("Could not delete the policy", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${policy.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      }
      title="Delete policy?"
      description={`Tickets "${policy.name}" takes will fall to the next policy that matches, or to the default targets.`}
      confirm="Delete policy"
      onConfirm={() => remove.mutate()}
    />
  );
}

/** "Urgent: first reply 1 business hour, next reply 2 business hours, resolution 4 business hours". */
function TargetsList({ policy }: { policy: PolicyJson }) {
  return (
    <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label={`${policy.name} targets`}>
      {TICKET_PRIORITIES.map((p) => (
        <li key={p}>
          <span className="font-medium text-foreground">{PRIORITY_LABELS[p]}:</span>{" "}
          {TARGETS.map((t) => `${TARGET_LABELS[t].toLowerCase()} ${formatBusinessDuration(policy.targets[p][t])}`).join(
            ", ",
          )}
        </li>
      ))}
    </ul>
  );
}

function PolicyRow({
  policy,
  index,
  count,
  names,
  onEdit,
}: {
  policy: PolicyJson;
  index: number;
  count: number;
  names: RuleNames;
  onEdit: () => void;
}) {
  const move = useSavePolicy(policy.id, {
    onError: (error) => toastError("Could not move the policy", error, "Please try again later"),
  });
  const conditions = conditionsText(policy.conditions, names);
  return (
    <li
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[auto_1fr] sm:items-start xl:grid-cols-[auto_1fr_auto]"
      data-policy={policy.name}
    >
      <span
        aria-hidden
        className="hidden size-7 items-center justify-center rounded-full bg-muted text-xs font-medium sm:flex"
      >
        {index + 1}
      </span>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{policy.name}</span>
        <p className="text-sm break-words">{conditions ? `Tickets where ${conditions}` : "Every ticket"}</p>
        <p className="text-sm break-words text-muted-foreground">Counts in {policy.calendar.name}</p>
        <TargetsList policy={policy} />
      </div>
      <div className="flex flex-wrap items-center gap-1 sm:col-start-2 xl:col-start-auto xl:justify-end">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${policy.name} up`}
          disabled={index === 0 || move.isPending}
          onClick={() => move.mutate({ position: index })}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${policy.name} down`}
          disabled={index === count - 1 || move.isPending}
          onClick={() => move.mutate({ position: index + 2 })}
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Edit ${policy.name}`} onClick={onEdit}>
          <Pencil aria-hidden />
          <span className="max-sm:sr-only">Edit</span>
        </Button>
        <DeletePolicyButton policy={policy} />
      </div>
    </li>
  );
}

/** "Urgent: first reply 1 hour, next reply 1 hour, resolution 4 hours; High: ..." */
const defaultTargetsText = TICKET_PRIORITIES.map((p) => {
  const { firstResponse, nextResponse, resolution } = defaultTargetHours(p);
  return `${PRIORITY_LABELS[p]}: first reply ${hoursText(firstResponse)}, next reply ${hoursText(nextResponse)}, resolution ${hoursText(resolution)}`;
}).join("; ");

/** "3 of 5 policies" on a plan with a limit, "3 policies" without. */
const countText = (n: number, limit: number | null) =>
  `${limit === null ? n : `${n} of ${limit}`} ${limit === null && n === 1 ? "policy" : "policies"}`;

/**
 * Settings > SLA: the policies in the order they are tried (the first whose conditions hold
 * sets a ticket's targets), each read in the rule editor's words, moved, edited and deleted.
 */
export function PoliciesCard() {
  const policies = usePolicies();
  const calendars = useCalendars();
  const groups = useGroups();
  const [editing, setEditing] = useState<PolicyJson | null>(null);
  const [open, setOpen] = useState(false);

  const data = policies.data;
  const list = data?.policies ?? [];
  const choices: Choices = {
    groups: (groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
    agents: [],
  };
  const names: RuleNames = { groups: new Map(choices.groups.map((o) => [o.value, o.label])), agents: new Map() };
  const atLimit = data?.limit != null && list.length >= data.limit;

  function edit(policy: PolicyJson | null) {
    setEditing(policy);
    setOpen(true);
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2">SLA policies</CardTitle>
          <CardDescription>
            Targets for first reply, next reply and resolution, per priority, counted in business hours. Policies are
            tried from top to bottom: the first whose conditions a ticket meets sets its targets.
          </CardDescription>
        </div>
        {data && (
          <Badge variant="outline" data-testid="sla-policy-count" className="shrink-0">
            {countText(list.length, data.limit)}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {policies.isPending ? (
          <p className="text-sm text-muted-foreground">Loading policies...</p>
        ) : policies.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load policies
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No policies yet.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Policies, in the order they are tried">
            {list.map((policy, i) => (
              <PolicyRow
                key={policy.id}
                policy={policy}
                index={i}
                count={list.length}
                names={names}
                onEdit={() => edit(policy)}
              />
            ))}
          </ol>
        )}
        <p className="text-sm text-muted-foreground" data-testid="sla-default-targets">
          Tickets no policy matches get the default targets, around the clock. {defaultTargetsText}.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button onClick={() => edit(null)} disabled={atLimit || !calendars.data}>
            <Plus aria-hidden /> New Policy
          </Button>
          {atLimit && data && (
            <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              Your {PLANS[data.plan].name} plan allows {data.limit} SLA policies.
              <UpgradeDialog label="Upgrade" plan={data.plan} />
            </p>
          )}
        </div>
      </CardContent>
      {calendars.data && (
        <PolicyDialog
          policy={editing}
          open={open}
          onOpenChange={setOpen}
          calendars={calendars.data.calendars}
          choices={choices}
        />
      )}
    </Card>
  );
}
