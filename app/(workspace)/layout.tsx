import type { ReactNode } from "react";
import { RouteGuard } from "@/components/auth/route-guard";
import { AppProviders } from "@/components/providers/app-providers";
import { requirePageUser } from "@/lib/auth/page-guard";
import { publicUser } from "@/lib/auth/session";

// Every page below needs a signed-in user; pages with narrower roles check them too.
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <AppProviders>
      <RouteGuard initial={{ isAuthenticated: true, user: publicUser(user) }}>{children}</RouteGuard>
    </AppProviders>
  );
}
