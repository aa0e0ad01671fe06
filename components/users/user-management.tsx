"use client";

import { format } from "date-fns";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { PagedTable } from "@/components/ui/paged-table";
import { RowActionsHead, RowActionsMenu } from "@/components/ui/row-actions";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { SearchInput } from "@/components/ui/search-input";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { mayGrantRole, mayManageUser } from "@/lib/permissions/rules";
import { EditRoleDialog } from "./edit-role-dialog";
import { MemberSessionsDialog } from "@/components/security/member-sessions-dialog";
import { InviteDialog } from "./invite-dialog";
import { PendingInvites } from "./pending-invites";
import { RoleBadge } from "./role-badge";
import { SeatBadge } from "./seat-badge";
import { useSeats, useUsers, useUserStats, type UserJson } from "./queries";
import { useCurrentUser } from "./use-current-user";
import { useUpdateUser } from "./use-update-user";

const PAGE_SIZE = 50;
const COLUMNS = 6;

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle as="p" className="text-3xl tabular-nums">
          {value ?? "–"}
        </CardTitle>
      </CardHeader>
    </Card>
  );
}

/**
 * User Management, the home of the organisation's people: the agent seats and the Invite button,
 * stat cards from one count query, the organisation's users
 * searched and paged on the server, and Edit Role / Sessions / Activate / Deactivate per row. Actions
 * the server would refuse (on your own account, or on a platform admin unless you are one)
 * are disabled. The invitations not yet accepted follow the table.
 */
export function UserManagement() {
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<UserJson | null>(null);
  const [sessionsOf, setSessionsOf] = useState<UserJson | null>(null);
  const { update } = useUpdateUser();
  const q = useDebounced(search.trim(), 250);
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) params.set("q", q);

  const stats = useUserStats();
  const seats = useSeats();
  // While a new search loads, the previous rows stay (an open row menu is not torn down).
  const query = useUsers(params);
  const users = query.items;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Agent seats <SeatBadge seats={seats.data} />
        </div>
        <InviteDialog />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Users" value={stats.data?.total} />
        <StatCard label="Active Users" value={stats.data?.active} />
        <StatCard label="Inactive Users" value={stats.data?.inactive} />
      </div>
      <SearchInput
        label="Search users"
        placeholder="Search by name or email..."
        value={search}
        onValueChange={setSearch}
        className="w-full max-w-sm"
      />
      <PagedTable
        pages={query}
        colSpan={COLUMNS}
        loading="Loading users..."
        failed="Failed to load users"
        empty="No users found"
        head={
          <>
            <TableHead className="pl-4">Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Created</TableHead>
            <RowActionsHead />
          </>
        }
      >
        {users.map((user) => {
          const self = user.id === me?.id;
          const protectedAdmin = !mayManageUser(me, user);
          return (
            <TableRow key={user.id} data-testid="user-row">
              <TableCell className="pl-4 font-medium">
                {user.fullName}
                {self && <span className="font-normal text-muted-foreground"> (you)</span>}
              </TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell>
                {user.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
              </TableCell>
              <TableCell>{format(new Date(user.createdAt), "MMM d, yyyy")}</TableCell>
              <TableCell>
                <RowActionsMenu label={user.fullName}>
                  <DropdownMenuItem disabled={self || protectedAdmin} onSelect={() => setEditing(user)}>
                    Edit Role
                  </DropdownMenuItem>
                  <DropdownMenuItem disabled={self || protectedAdmin} onSelect={() => setSessionsOf(user)}>
                    Sessions
                  </DropdownMenuItem>
                  {user.isActive ? (
                    <DropdownMenuItem
                      variant="destructive"
                      disabled={self || protectedAdmin}
                      onSelect={() => update({ id: user.id, isActive: false })}
                    >
                      Deactivate
                    </DropdownMenuItem>
                  ) : (
                    <DropdownMenuItem
                      disabled={protectedAdmin}
                      onSelect={() => update({ id: user.id, isActive: true })}
                    >
                      Activate
                    </DropdownMenuItem>
                  )}
                </RowActionsMenu>
              </TableCell>
            </TableRow>
          );
        })}
      </PagedTable>
      <PendingInvites />
      <EditRoleDialog user={editing} mayGrant={(role) => mayGrantRole(me, role)} onClose={() => setEditing(null)} />
      <MemberSessionsDialog member={sessionsOf} onClose={() => setSessionsOf(null)} />
    </div>
  );
}
