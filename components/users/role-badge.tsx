import { Badge } from "@/components/ui/badge";
import { roleLabel } from "@/lib/roles";

const VARIANTS: Record<string, "default" | "secondary" | "outline"> = { platform_admin: "default", org_admin: "default", agent: "secondary" };

/** Spec §4 role label as a badge; admins stand out, end users stay plain. */
export function RoleBadge({ role }: { role: string }) {
  return <Badge variant={VARIANTS[role] ?? "outline"}>{roleLabel(role)}</Badge>;
}
