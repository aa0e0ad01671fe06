import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { SessionUser } from "@/lib/schemas/session-user";
import { initials } from "@/lib/format/initials";
import { roleLabel, roleTitle } from "@/lib/permissions/labels";
import { ChangePasswordDialog } from "./change-password-dialog";
import { EditProfileDialog } from "./edit-profile-dialog";
import { SessionsCard } from "@/components/security/sessions-card";
import { PasskeysCard } from "@/components/security/passkeys-card";
import { TwoFactorCard } from "@/components/security/two-factor-card";
import { can } from "@/lib/permissions/table";
import { WeeklySummaryCard } from "./weekly-summary-card";

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly />
    </div>
  );
}

export function ProfileView({ user }: { user: SessionUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader className="flex flex-row items-center gap-4">
          <Avatar className="size-16 text-lg">
            <AvatarFallback>{initials(user.fullName)}</AvatarFallback>
          </Avatar>
          <div className="grid gap-1">
            <CardTitle as="h2" className="text-xl">
              {user.fullName}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{roleTitle(user.role)}</p>
            <p className="text-sm text-muted-foreground">@{user.username}</p>
          </div>
          <Button variant="outline" size="sm" className="ml-auto" disabled title="Coming soon">
            Change avatar
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ReadOnly id="view-fullName" label="Full name" value={user.fullName} />
          <ReadOnly id="view-email" label="Email" value={user.email} />
          <ReadOnly id="view-username" label="Username" value={user.username} />
          <div className="flex flex-wrap gap-2">
            <EditProfileDialog fullName={user.fullName} email={user.email} />
            <ChangePasswordDialog />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Account Status</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <div className="flex items-center justify-between">
            <span className="text-muted-foreground">Status</span>
            <Badge variant={user.isActive ? "success" : "destructive"}>{user.isActive ? "Active" : "Inactive"}</Badge>
          </div>
          <div className="flex items-center justify-between">
            <span className="text-muted-foreground">Role</span>
            <span>{roleLabel(user.role)}</span>
          </div>
          <div className="flex items-center justify-between gap-4">
            <span className="text-muted-foreground">User ID</span>
            <span className="truncate font-mono text-xs">{user.id}</span>
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:col-span-2">
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
        {can(user, "reports.read_all") && <WeeklySummaryCard />}
      </div>
    </div>
  );
}
