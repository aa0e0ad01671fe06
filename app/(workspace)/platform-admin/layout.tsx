import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/page-guard";

export default async function PlatformAdminLayout({ children }: { children: ReactNode }) {
  await requirePageUser("platform.view");
  return children;
}
