"use client";

import { Building2, Settings, Shield, User, Users, type LucideIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can, type Permission } from "@/lib/permissions/table";
import type { Command } from "./palette-command";

/** The pages outside the queues, named as the sidebar names them; each only for who may open it. */
const PAGES: { href: string; label: string; keywords: string; icon: LucideIcon; permission?: Permission }[] = [
  { href: "/settings", label: "Settings", keywords: "organization team invite mailbox macros plan", icon: Settings },
  { href: "/profile", label: "Profile", keywords: "account password email name", icon: User },
  {
    href: "/admin",
    label: "Admin Dashboard",
    keywords: "activity workload agents",
    icon: Shield,
    permission: "admin.view",
  },
  { href: "/users", label: "User Management", keywords: "admin people roles", icon: Users, permission: "users.manage" },
  {
    href: "/platform-admin",
    label: "Platform Admin",
    keywords: "organizations health",
    icon: Building2,
    permission: "platform.view",
  },
];

export function usePageCommands(): Command[] {
  const router = useRouter();
  const me = useCurrentUser();
  return useMemo(
    () =>
      PAGES.filter((page) => !page.permission || can(me, page.permission)).map(
        ({ href, label, keywords, icon: Icon }) => ({
          id: `page-${href}`,
          group: "Go to",
          label,
          keywords,
          icon: <Icon aria-hidden />,
          run: () => router.push(href),
        }),
      ),
    [router, me],
  );
}
