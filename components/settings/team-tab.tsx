"use client";

import { HomeLink } from "@/components/admin/home-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InviteForm } from "@/components/users/invite-form";
import { useSeats } from "@/components/users/queries";
import { SeatBadge } from "@/components/users/seat-badge";
import { SeatsFullNotice } from "@/components/users/seats-full-notice";
import { useCurrentUser } from "@/components/users/use-current-user";
import { seatsFull } from "@/lib/format/seats";
import { can } from "@/lib/permissions/table";

/**
 * Settings > Team: the plan's agent seats for everyone. Admins also invite from here (the form
 * gives way to an upgrade prompt once seats in use plus pending invitations fill the plan); the
 * people themselves, their roles and the pending invitations are managed in User Management.
 */
export function TeamTab() {
  const me = useCurrentUser();
  const admin = can(me, "team.invite");
  const seats = useSeats().data;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle as="h2">Team Members</CardTitle>
            <CardDescription>
              Agents and admins each use one agent seat of your plan, and so does each pending invitation.
            </CardDescription>
          </div>
          <SeatBadge seats={seats} />
        </CardHeader>
        <CardContent>
          {!me ? null : can(me, "team.read") ? (
            <HomeLink href="/users">Manage people, roles and invitations in User Management</HomeLink>
          ) : (
            <p className="text-sm text-muted-foreground">
              Contact your administrator to manage team members and agent seats.
            </p>
          )}
        </CardContent>
      </Card>
      {admin && seats && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Invite Team Member</CardTitle>
            <CardDescription>They get an email with a link to create their account (valid for 7 days).</CardDescription>
          </CardHeader>
          <CardContent>{seatsFull(seats) ? <SeatsFullNotice seats={seats} /> : <InviteForm />}</CardContent>
        </Card>
      )}
    </div>
  );
}
