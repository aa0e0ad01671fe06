"use client";

import {
  BookOpen,
  Building2,
  ChartColumnBig,
  LayoutDashboard,
  Settings,
  Shield,
  User,
  Users,
  type LucideIcon,
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
import type { PublicUser } from "@/lib/auth/session";
import { initials } from "@/lib/format/initials";
import { PRODUCT_NAME } from "@/lib/site/product";
import { roleLabel } from "@/lib/permissions/labels";
import { can } from "@/lib/permissions/table";
import { useQueueCounts } from "@/components/tickets/queries";
import { isKbSection } from "@/components/kb/kb-location";
import { SidebarViews } from "@/components/views/sidebar-views";
import { AvailabilitySwitch } from "./availability-switch";
import { queuesFor } from "./queues";
import { navigateWorkspace, useWorkspaceLocation } from "./workspace-location";

/**
 * On /app a section link changes the whole URL itself (a new history entry, the open ticket
 * closed); a plain or modified click elsewhere is left to the link (new tab, other page).
 */
function sectionClick(onApp: boolean, section: string, after: () => void) {
  return (event: React.MouseEvent) => {
    if (onApp && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0) {
      event.preventDefault();
      navigateWorkspace({ section, ticket: null });
    }
    after();
  };
}

/** A page of the workspace in the sidebar, marked while it is the one open. */
function PageLink({
  href,
  label,
  icon: Icon,
  active,
  onClick,
}: {
  href: string;
  label: string;
  icon: LucideIcon;
  active: boolean;
  onClick: (event: React.MouseEvent) => void;
}) {
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={label}>
        <Link href={href} onClick={onClick}>
          <Icon />
          <span>{label}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

export function AppSidebar({ user }: { user: PublicUser }) {
  const pathname = usePathname();
  const { section } = useWorkspaceLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const counts = useQueueCounts();
  const onApp = pathname === "/app";
  const activeView = onApp ? section || "my-open" : null;
  const close = () => isMobile && setOpenMobile(false);
  const linkTo = (href: string) => ({ href, active: pathname === href, onClick: close });

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
            {queuesFor(user).map(({ view, label, key, icon: Icon }) => {
              const unavailable = counts.isError;
              return (
                <SidebarMenuItem key={view}>
                  <SidebarMenuButton
                    asChild
                    isActive={activeView === view}
                    tooltip={label}
                    aria-disabled={unavailable || undefined}
                  >
                    <Link href={`/app#${view}`} onClick={sectionClick(onApp, view, close)}>
                      <Icon />
                      <span>{label}</span>
                    </Link>
                  </SidebarMenuButton>
                  <SidebarMenuBadge
                    className={
                      unavailable
                        ? undefined
                        : // Collapsed to icons, the count stays as a small badge on the icon's corner.
                          "group-data-[collapsible=icon]:-top-1 group-data-[collapsible=icon]:-right-1 group-data-[collapsible=icon]:flex group-data-[collapsible=icon]:h-4 group-data-[collapsible=icon]:min-w-4 group-data-[collapsible=icon]:rounded-full group-data-[collapsible=icon]:bg-primary group-data-[collapsible=icon]:px-1 group-data-[collapsible=icon]:text-[10px] group-data-[collapsible=icon]:text-primary-foreground"
                    }
                  >
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
        {can(user, "views.read") && <SidebarViews onNavigate={close} />}
        <SidebarGroup>
          <SidebarGroupLabel>Workspace</SidebarGroupLabel>
          <SidebarMenu>
            <PageLink
              href="/app#dashboard"
              label="Dashboard"
              icon={LayoutDashboard}
              active={activeView === "dashboard"}
              onClick={sectionClick(onApp, "dashboard", close)}
            />
            {can(user, "reports.read") && <PageLink {...linkTo("/reports")} label="Reports" icon={ChartColumnBig} />}
            {can(user, "platform.view") && (
              <PageLink {...linkTo("/platform-admin")} label="Platform Admin" icon={Building2} />
            )}
            {can(user, "admin.view") && (
              <>
                <PageLink {...linkTo("/admin")} label="Admin Dashboard" icon={Shield} />
                <PageLink {...linkTo("/users")} label="User Management" icon={Users} />
              </>
            )}
            {can(user, "kb.read") && (
              <PageLink
                href="/app#knowledge-base"
                label="Knowledge Base"
                icon={BookOpen}
                active={!!activeView && isKbSection(activeView)}
                onClick={sectionClick(onApp, "knowledge-base", close)}
              />
            )}
            <PageLink {...linkTo("/profile")} label="Profile" icon={User} />
            <PageLink {...linkTo("/settings")} label="Settings" icon={Settings} />
          </SidebarMenu>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        {can(user, "profile.availability") && <AvailabilitySwitch user={user} />}
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
