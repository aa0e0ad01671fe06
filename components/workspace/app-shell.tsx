"use client";

import type { ReactNode } from "react";
import { LogoutButton } from "@/components/auth/logout-button";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import type { PublicUser } from "@/lib/auth/session";
import { AppSidebar } from "./app-sidebar";
import { SkipLink } from "./skip-link";
import { useLiveUpdates } from "@/components/live/use-live-updates";

/** The app shell: collapsible sidebar, top bar with sidebar toggle, theme toggle and Logout. */
export function AppShell({
  user,
  sidebarOpen,
  children,
}: {
  user: PublicUser;
  sidebarOpen: boolean;
  children: ReactNode;
}) {
  // One live event stream per tab keeps every list, count and open ticket current.
  useLiveUpdates();
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <SkipLink />
      <AppSidebar user={user} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center justify-between gap-2 border-b bg-background px-3">
          <SidebarTrigger />
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <LogoutButton />
          </div>
        </header>
        <div className="flex min-h-0 flex-1 flex-col">{children}</div>
      </SidebarInset>
    </SidebarProvider>
  );
}
