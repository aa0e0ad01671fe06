"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Plan } from "@/generated/prisma/enums";
import { OptionSelect } from "@/components/tickets/../ui/option-select";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client/api";
import { PLANS } from "@/lib/plans/limits";
import { PLAN_ORDER, type OrganizationRow } from "./types";

type Props = { organization: OrganizationRow | null; onClose: () => void };

/** A platform admin moves an organisation to another plan; limits follow at once. */
export function ChangePlanDialog({ organization, onClose }: Props) {
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<Plan | null>(null);
  const [pending, setPending] = useState(false);
  const chosen = plan ?? organization?.plan ?? "free";

  async function save() {
    if (!organization) return;
    setPending(true);
    try {
      await apiRequest("PATCH", `/api/organizations/${organization.id}`, { plan: chosen });
      toast({ title: "Plan updated", description: `${organization.name} is now on the ${PLANS[chosen].name} plan.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/organizations"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/platform/metrics"] }),
      ]);
      close();
    } catch (error) {
      toast({ title: "Update failed", description: errorMessage(error, "Failed to change the plan"), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  function close() {
    setPlan(null);
    onClose();
  }

  return (
    <Dialog open={organization !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change plan</DialogTitle>
          <DialogDescription>
            {organization ? `${organization.name} is on the ${PLANS[organization.plan].name} plan. ` : ""}
            Ticket, seat and support email limits change as soon as you save; nothing is removed when moving to a smaller plan.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="change-plan-select">Plan</Label>
          <OptionSelect
            id="change-plan-select"
            label="Plan"
            value={chosen}
            onChange={(v) => setPlan(v as Plan)}
            options={PLAN_ORDER.map((p) => ({ value: p, label: PLANS[p].name }))}
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="button" onClick={save} disabled={pending || !organization || chosen === organization.plan}>
            {pending ? "Saving..." : "Save Changes"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
