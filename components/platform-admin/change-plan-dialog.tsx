"use client";

import { useState } from "react";
import type { Plan } from "@/generated/prisma/enums";
import type { OrganizationJson } from "@/components/settings/queries";
import { OptionSelect } from "@/components/ui/option-select";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogShell } from "@/components/ui/dialog-shell";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { PLANS } from "@/lib/plans/limits";
import { PLAN_IDS } from "@/lib/schemas/organizations";
import { useChangePlan } from "./queries";

type Props = { organization: OrganizationJson | null; onClose: () => void };

/** A platform admin moves an organisation to another plan; limits follow at once. */
export function ChangePlanDialog({ organization, onClose }: Props) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const chosen = plan ?? organization?.plan ?? "free";
  const change = useChangePlan({
    onSuccess: (changed) =>
      toast({ title: "Plan updated", description: `${changed.name} is now on the ${PLANS[changed.plan].name} plan.` }),
    onError: (error) => toastError("Update failed", error, "Failed to change the plan"),
  });

  function save() {
    if (!organization) return;
    // Closes once the directory and the platform figures have been refreshed.
    change.mutate({ id: organization.id, plan: chosen }, { onSuccess: close });
  }

  function close() {
    setPlan(null);
    onClose();
  }

  return (
    <DialogShell
      open={organization !== null}
      onOpenChange={(open) => !open && close()}
      title="Change plan"
      description={
        <>
          {organization ? `${organization.name} is on the ${PLANS[organization.plan].name} plan. ` : ""}
          Ticket, seat and support email limits change as soon as you save; nothing is removed when moving to a smaller
          plan.
        </>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="change-plan-select">Plan</Label>
        <OptionSelect
          id="change-plan-select"
          label="Plan"
          value={chosen}
          onChange={(v) => setPlan(v as Plan)}
          options={PLAN_IDS.map((p) => ({ value: p, label: PLANS[p].name }))}
        />
      </div>
      <DialogActions
        label="Save Changes"
        pendingLabel="Saving..."
        pending={change.isPending}
        disabled={!organization || chosen === organization.plan}
        onConfirm={save}
      />
    </DialogShell>
  );
}
