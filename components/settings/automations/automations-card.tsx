"use client";

import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useAssignableUsers } from "@/components/tickets/queries";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/components/ui/toast-error";
import type { Plan } from "@/generated/prisma/enums";
import { ruleSentence, type RuleNames } from "@/lib/automations/labels";
import { PLANS } from "@/lib/plans/limits";
import { useGroups } from "../groups-queries";
import {
  useAutomations,
  useDeleteAutomation,
  usePatchAutomation,
  useReorderAutomations,
  type AutomationJson,
} from "./queries";
import { useCustomFields } from "../fields/queries";
import type { Choices } from "./rule-draft";
import { RuleDialog } from "./rule-dialog";

function DeleteRuleButton({ rule }: { rule: AutomationJson }) {
  const remove = useDeleteAutomation(rule.id, {
    // No toast on success: the rule leaves the list.
    onError: (error) => toastError("Could not delete the rule", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${rule.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      }
      title="Delete rule?"
      description={`"${rule.name}" will no longer run. What it already changed on tickets stays as it is.`}
      confirm="Delete rule"
      onConfirm={() => remove.mutate()}
    />
  );
}

function RuleRow({
  rule,
  index,
  count,
  names,
  onEdit,
  onMove,
  moving,
}: {
  rule: AutomationJson;
  index: number;
  count: number;
  names: RuleNames;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  moving: boolean;
}) {
  const toggle = usePatchAutomation(rule.id, {
    onError: (error) =>
      toastError(
        rule.active ? "Could not switch the rule off" : "Could not switch the rule on",
        error,
        "Please try again later",
      ),
  });
  const switchId = `rule-active-${rule.id}`;
  return (
    <li
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[auto_1fr] sm:items-start xl:grid-cols-[auto_1fr_auto]"
      data-rule={rule.name}
      data-active={rule.active}
    >
      <span
        aria-hidden
        className="hidden size-7 items-center justify-center rounded-full bg-muted text-xs font-medium sm:flex"
      >
        {index + 1}
      </span>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{rule.name}</span>
        <p className="text-sm break-words text-muted-foreground">{ruleSentence(rule, names)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-1 sm:col-start-2 xl:col-start-auto xl:justify-end">
        <span className="mr-2 flex items-center gap-2">
          <Switch
            id={switchId}
            checked={rule.active}
            disabled={toggle.isPending}
            aria-label={`Run ${rule.name}`}
            onCheckedChange={(active) => toggle.mutate({ active })}
          />
          <label htmlFor={switchId} aria-hidden className="text-sm text-muted-foreground">
            {rule.active ? "On" : "Off"}
          </label>
        </span>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${rule.name} up`}
          disabled={index === 0 || moving}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${rule.name} down`}
          disabled={index === count - 1 || moving}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Edit ${rule.name}`} onClick={onEdit}>
          <Pencil aria-hidden />
          <span className="max-sm:sr-only">Edit</span>
        </Button>
        <DeleteRuleButton rule={rule} />
      </div>
    </li>
  );
}

/** "3 of 25 active" on a plan with a limit, "3 active" without. */
const activeText = (active: number, limit: number | null) =>
  limit === null ? `${active} active` : `${active} of ${limit} active`;

/**
 * Settings > Automations (admins): the organisation's rules in the order they run, each read as
 * a sentence, switched on and off, moved, edited and deleted. Event rules are Pro and above,
 * time rules Enterprise; below Pro the tab explains them and offers the upgrade (a team that
 * moved down keeps its rules, which do not run, and may still switch them off or delete them).
 */
export function AutomationsCard() {
  const automations = useAutomations();
  const groups = useGroups();
  const people = useAssignableUsers();
  const customFields = useCustomFields();
  const [editing, setEditing] = useState<AutomationJson | null>(null);
  const [open, setOpen] = useState(false);
  const reorder = useReorderAutomations({
    onError: (error) => toastError("Could not move the rule", error, "Please try again later"),
  });

  const data = automations.data;
  const list = data?.automations ?? [];
  const active = list.filter((r) => r.active).length;
  const choices: Choices = {
    groups: (groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
    agents: (people.data ?? []).map((p) => ({ value: p.id, label: p.fullName })),
    fields: customFields.data?.fields ?? [],
  };
  const names: RuleNames = {
    groups: new Map(choices.groups.map((o) => [o.value, o.label])),
    agents: new Map(choices.agents.map((o) => [o.value, o.label])),
    fields: new Map((choices.fields ?? []).map((f) => [f.key, f.label])),
  };
  const plan = data?.plan as Plan | undefined;
  const atLimit = data?.activeLimit != null && active >= data.activeLimit;

  function edit(rule: AutomationJson | null) {
    setEditing(rule);
    setOpen(true);
  }

  function move(index: number, by: -1 | 1) {
    const ids = list.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Automations</CardTitle>
          <CardDescription>
            Rules that route tickets for you: when something happens to a ticket and it matches what you describe, the
            rule changes it, for example putting refund requests in the Billing group. Rules run from top to bottom.
          </CardDescription>
        </div>
        {data?.eventRules && (
          <Badge variant="outline" data-testid="automation-count" className="shrink-0">
            {activeText(active, data.activeLimit)}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {data && !data.eventRules && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-4">
            <p className="text-sm">
              Automation rules are part of the Pro plan and above
              {list.length > 0 ? ". Your rules are kept but do not run on your " : ". You are on the "}
              {plan ? PLANS[plan].name : ""} plan.
            </p>
            <UpgradeDialog label="Upgrade to Use Automations" variant="default" plan={plan} />
          </div>
        )}
        {automations.isPending ? (
          <p className="text-sm text-muted-foreground">Loading rules...</p>
        ) : automations.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load rules
          </p>
        ) : list.length === 0 ? (
          data?.eventRules && <p className="text-sm text-muted-foreground">No rules yet.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Rules, in the order they run">
            {list.map((rule, i) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                index={i}
                count={list.length}
                names={names}
                onEdit={() => edit(rule)}
                onMove={(by) => move(i, by)}
                moving={reorder.isPending}
              />
            ))}
          </ol>
        )}
        {data?.eventRules && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button onClick={() => edit(null)}>
              <Plus aria-hidden /> New Rule
            </Button>
            {atLimit && (
              <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                Your {plan ? PLANS[plan].name : ""} plan runs {data.activeLimit} rules at once: new rules need one
                switched off.
                <UpgradeDialog label="Upgrade" plan={plan} />
              </p>
            )}
          </div>
        )}
        {data?.eventRules && !data.timeRules && (
          <p className="text-xs text-muted-foreground">
            Rules on a schedule (such as closing tickets that waited a week for the customer) are part of the Enterprise
            plan.
          </p>
        )}
      </CardContent>
      {data && (
        <RuleDialog
          rule={editing}
          open={open}
          onOpenChange={setOpen}
          choices={choices}
          names={names}
          timeRules={data.timeRules}
        />
      )}
    </Card>
  );
}
