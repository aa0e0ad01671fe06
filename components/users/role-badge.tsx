import { Badge } from "@/components/ui/badge";
import { roleLabel } from "@/lib/permissions/labels";
import { can } from "@/lib/permissions/table";

/** The role's label as a badge; admins (who manage users) stand out, agents less, end users stay plain. */
export function RoleBadge({ role }: { role: string }) {
  const variant = can({ role }, "users.manage")
    ? "default"
    : can({ role }, "tickets.read_all")
      ? "secondary"
      : "outline";
  return <Badge variant={variant}>{roleLabel(role)}</Badge>;
}
