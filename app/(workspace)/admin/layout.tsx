import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/page-guard";
import { ADMIN_ROLES } from "@/lib/roles";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePageUser(ADMIN_ROLES);
  return children;
}
