"use client";

import {
  AlarmClock,
  BookOpen,
  CheckCircle2,
  Clock,
  Inbox,
  LayoutDashboard,
  Settings,
  Shield,
  User,
  UserCheck,
  Users,
  ListTodo,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "@/components/ui/sidebar";
import { toast } from "@/components/ui/use-toast";
import type { PublicUser } from "@/lib/auth/session";
import { initials } from "@/lib/format/initials";
import { PRODUCT_NAME } from "@/lib/site/product";
import { roleLabel } from "@/lib/permissions/labels";
import { can } from "@/lib/permissions/table";
import { setHash, useHash } from "./use-hash";
import { useQueueCounts } from "@/components/tickets/queries";
import type { QueueCounts } from "@/lib/schemas/tickets";
import { type View } from "@/lib/tickets/views";

const QUEUES: { view: View; label: string; key: keyof QueueCounts; icon: typeof Inbox }[] = [
  { view: "unassigned", label: "Unassigned", key: "unassigned", icon: Inbox },
  { view: "my-open", label: "My Open", key: "myOpen", icon: UserCheck },
  { view: "all-open", label: "All Open", key: "allOpen", icon: ListTodo },
  { view: "sla-risk", label: "SLA at Risk", key: "slaRisk", icon: AlarmClock },
  { view: "recently-updated", label: "Recent Updates", key: "recentlyUpdated", icon: Clock },
  { view: "closed", label: "Closed (7d)", key: "closed", icon: CheckCircle2 },
];

export function AppSidebar({ user }: { user: PublicUser }) {
  const pathname = usePathname();
  const hash = useHash();
  const { isMobile, setOpenMobile } = useSidebar();
  const counts = useQueueCounts();
  const onApp = pathname === "/app";
  const activeView = onApp ? hash || "my-open" : null;
  const close = () => isMobile && setOpenMobile(false);

  return (
    <Sidebar>
      <SidebarHeader>
        <Link href="/app" className="flex h-8 items-center px-2 font-semibold group-data-[collapsible=icon]:hidden">
          {PRODUCT_NAME}
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Queues</SidebarGroupLabel>
          <SidebarMenu>
            {QUEUES.map(({ view, label, key, icon: Icon }) => {
              const unavailable = counts.isError;
              return (
                <SidebarMenuItem key={view}>
                  <SidebarMenuButton
                    asChild
                    isActive={activeView === view}
                    tooltip={label}
                    aria-disabled={unavailable || undefined}
                  >
                    <Link
                      href={`/app#${view}`}
                      onClick={() => {
                        if (onApp) setHash(view);
                        close();
                      }}
                    >
                      <Icon />
                      <span>{label}</span>
                    </Link>
                  </SidebarMenuButton>
                  <SidebarMenuBadge>
                    {unavailable ? (
                      <Badge variant="outline">Coming Soon</Badge>
                    ) : (
                      <span data-testid={`count-${view}`}>{counts.data?.[key] ?? ""}</span>
                    )}
                  </SidebarMenuBadge>
                </SidebarMenuItem>
              );
            })}
          </SidebarMenu>
        </SidebarGroup>
        <SidebarGroup>
          <SidebarGroupLabel>Workspace</SidebarGroupLabel>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild isActive={activeView === "dashboard"} tooltip="Dashboard">
                <Link
                  href="/app#dashboard"
                  onClick={() => {
                    if (onApp) setHash("dashboard");
                    close();
                  }}
                >
                  <LayoutDashboard />
                  <span>Dashboard</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
            {can(user, "admin.view") && (
              <>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild isActive={pathname === "/admin"} tooltip="Admin Dashboard">
                    <Link href="/admin" onClick={close}>
                      <Shield />
                      <span>Admin Dashboard</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild isActive={pathname === "/users"} tooltip="User Management">
                    <Link href="/users" onClick={close}>
                      <Users />
                      <span>User Management</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              </>
            )}
            <SidebarMenuItem>
              <SidebarMenuButton
                tooltip="Knowledge Base"
                onClick={() =>
                  toast({ title: "Coming soon", description: "Knowledge base feature is under development" })
                }
              >
                <BookOpen />
                <span>Knowledge Base</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
            <SidebarMenuItem>
              <SidebarMenuButton asChild isActive={pathname === "/profile"} tooltip="Profile">
                <Link href="/profile" onClick={close}>
                  <User />
                  <span>Profile</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
            <SidebarMenuItem>
              <SidebarMenuButton asChild isActive={pathname === "/settings"} tooltip="Settings">
                <Link href="/settings" onClick={close}>
                  <Settings />
                  <span>Settings</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <div className="flex items-center gap-2 px-1 py-1">
          <Avatar>
            <AvatarFallback>{initials(user.fullName)}</AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 text-sm leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-medium">{user.fullName}</span>
            <span className="truncate text-xs text-muted-foreground">{roleLabel(user.role)}</span>
          </div>
        </div>
      </SidebarFooter>
    </Sidebar>
  );
}
