"use client";

import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import type { Jsonify } from "@/lib/schemas/json";
import type { SeatSummary } from "@/lib/schemas/users";

/** Instead of the invite form once every seat is used or held by an invitation: the way to more seats. */
export function SeatsFullNotice({ seats }: { seats: Jsonify<SeatSummary> }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm">
        All agent seats on your plan are in use{seats.pending ? " or held by pending invitations" : ""}. Upgrade your
        plan to add more team members.
      </p>
      <UpgradeDialog label="Upgrade Plan" size="default" variant="default" plan={seats.plan} />
    </div>
  );
}
