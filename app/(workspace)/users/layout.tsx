import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/page-guard";

export default async function UsersLayout({ children }: { children: ReactNode }) {
  await requirePageUser("users.manage");
  return children;
}
