import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/page-guard";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePageUser("admin.view");
  return children;
}
