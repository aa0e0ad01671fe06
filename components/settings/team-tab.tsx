"use client";

import { format } from "date-fns";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { RevokeInviteButton } from "./revoke-invite-button";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { RoleBadge } from "@/components/users/role-badge";
import { useZodForm } from "@/components/ui/use-zod-form";
import {
  useInvalidateInvites,
  usePendingInvites,
  useSeats,
  useTeam,
  type PendingInviteJson,
} from "@/components/users/queries";
import { useCurrentUser } from "@/components/users/use-current-user";
import { apiRequest } from "@/lib/http/client/api";
import { countAgainst } from "@/lib/format/count-against";
import { UNLIMITED } from "@/lib/plans/limits";
import { teamInviteSchema } from "@/lib/schemas/invites";
import type { Jsonify } from "@/lib/schemas/json";
import type { SeatSummary } from "@/lib/schemas/users";
import { INVITE_ROLE_LABELS } from "@/lib/permissions/labels";
import { DEFAULT_INVITE_ROLE, INVITE_ROLES, type InviteRole } from "@/lib/permissions/rules";
import { can } from "@/lib/permissions/table";

/**
 * Settings > Team: agent seats against the plan for everyone; admins also see the
 * members, live invitations and the invite form, which gives way to an upgrade prompt once
 * seats in use plus pending invitations fill the plan.
 */
export function TeamTab() {
  const me = useCurrentUser();
  const admin = can(me, "team.invite");
  const seats = useSeats();

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle as="h2">Team Members</CardTitle>
            <CardDescription>Agents and admins each use one agent seat of your plan.</CardDescription>
          </div>
          <Badge
            variant="outline"
            className="text-sm"
            aria-label={seats.data ? `Agent seats: ${countAgainst(seats.data.used, seats.data.limit)}` : undefined}
          >
            {seats.data ? countAgainst(seats.data.used, seats.data.limit) : "-"}
          </Badge>
        </CardHeader>
        <CardContent>
          {!me ? null : can(me, "team.read") ? (
            <MemberList organizationId={me.organizationId} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Contact your administrator to manage team members and agent seats.
            </p>
          )}
        </CardContent>
      </Card>
      {admin && (
        <>
          <PendingInvites />
          <InviteCard seats={seats.data} />
        </>
      )}
    </div>
  );
}

function MemberList({ organizationId }: { organizationId: string }) {
  const team = useTeam(organizationId);
  if (team.isPending) return <p className="text-sm text-muted-foreground">Loading users...</p>;
  if (team.isError) return <p className="text-sm text-destructive">{team.error.message}</p>;
  if (team.data.length === 0) return <p className="text-sm text-muted-foreground">No team members yet</p>;
  return (
    <ul className="divide-y" aria-label="Team members">
      {team.data.map((member) => (
        <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="grid">
            <span className="font-medium">
              {member.fullName}
              {!member.isActive && <span className="text-xs font-normal text-muted-foreground"> (inactive)</span>}
            </span>
            <span className="text-sm text-muted-foreground">{member.email}</span>
          </div>
          <RoleBadge role={member.role} />
        </li>
      ))}
    </ul>
  );
}

function PendingInvites() {
  const invalidate = useInvalidateInvites();
  const invites = usePendingInvites();
  const [revoking, setRevoking] = useState<string | null>(null);
  if (!invites.data?.length) return null;

  async function revoke(invite: PendingInviteJson) {
    setRevoking(invite.id);
    try {
      await apiRequest("DELETE", `/api/team-invites/${invite.id}`);
      toast({ title: "Invitation revoked", description: `${invite.email} can no longer use the invitation link.` });
      await invalidate();
    } catch (error) {
      toastError("Error", error, "Failed to revoke invitation");
    } finally {
      setRevoking(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pending Invitations</CardTitle>
        <CardDescription>Each pending invitation holds a seat until it is accepted or expires.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Pending invitations">
          {invites.data.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="grid">
                <span className="font-medium">{invite.email}</span>
                <span className="text-sm text-muted-foreground">
                  Expires {format(new Date(invite.expiresAt), "MMM d, yyyy")}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <RoleBadge role={invite.role} />
                <RevokeInviteButton
                  email={invite.email}
                  disabled={revoking === invite.id}
                  onRevoke={() => revoke(invite)}
                />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function InviteCard({ seats }: { seats: Jsonify<SeatSummary> | undefined }) {
  if (!seats) return null;
  const full = seats.limit !== UNLIMITED && seats.used + seats.pending >= seats.limit;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invite Team Member</CardTitle>
        <CardDescription>They get an email with a link to create their account (valid for 7 days).</CardDescription>
      </CardHeader>
      <CardContent>
        {full ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              All agent seats on your plan are in use{seats.pending ? " or held by pending invitations" : ""}. Upgrade
              your plan to add more team members.
            </p>
            <UpgradeDialog label="Upgrade Plan" size="default" variant="default" plan={seats.plan} />
          </div>
        ) : (
          <InviteForm />
        )}
      </CardContent>
    </Card>
  );
}

function InviteForm() {
  const invalidate = useInvalidateInvites();
  const form = useZodForm(teamInviteSchema, { email: "", role: DEFAULT_INVITE_ROLE as InviteRole });
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to send invitation", stays: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error");
    if (!parsed) return;
    await request.run(async () => {
      await apiRequest("POST", "/api/team-invites", parsed);
      toast({ title: "Invitation sent", description: `An invitation has been sent to ${parsed.email}.` });
      form.reset();
      await invalidate();
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start" noValidate>
      <Field id="invite-email" label="Email address" required error={form.errors.email}>
        <Input
          id="invite-email"
          type="email"
          autoComplete="off"
          placeholder="teammate@company.com"
          {...form.text("email")}
        />
      </Field>
      <Field id="invite-role" label="Role">
        <Select value={form.values.role} onValueChange={(value) => form.setValue("role", value as InviteRole)}>
          <SelectTrigger id="invite-role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {INVITE_ROLES.map((value) => (
              <SelectItem key={value} value={value}>
                {INVITE_ROLE_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <SubmitButton pending={request.pending} pendingLabel="Sending..." className="sm:mt-[1.375rem]">
        Send Invitation
      </SubmitButton>
    </form>
  );
}
