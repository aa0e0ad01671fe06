import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { getCurrentUser, publicUser } from "@/lib/auth/session";
import { SIDEBAR_COOKIE_NAME } from "@/components/ui/sidebar-constants";
import { cn } from "@/lib/utils";
import { AppShell } from "./app-shell";
import { MAIN_CONTENT_ID } from "./skip-link";

/**
 * The frame of every workspace page: the app shell around a titled page. The sidebar starts
 * as the cookie remembers it, so it does not jump after loading. The (workspace) layout has
 * already required a signed-in user.
 */
export async function WorkspaceFrame({
  title,
  children,
  wide = false,
}: {
  title?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const [user, cookieStore] = await Promise.all([getCurrentUser(), cookies()]);
  if (!user) return null;
  const sidebarOpen = cookieStore.get(SIDEBAR_COOKIE_NAME)?.value !== "false";
  return (
    <AppShell user={publicUser(user)} sidebarOpen={sidebarOpen}>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn("w-full flex-1 outline-none", wide ? "flex min-h-0 flex-col" : "mx-auto max-w-6xl p-6")}
      >
        {title && <h1 className={cn("text-2xl font-semibold", wide ? "sr-only" : "mb-6")}>{title}</h1>}
        {children}
      </main>
    </AppShell>
  );
}
