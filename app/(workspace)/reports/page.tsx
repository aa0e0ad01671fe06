import type { Metadata } from "next";
import { ReportsPage } from "@/components/reports/reports-page";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";
import { can } from "@/lib/permissions/table";
import { organizationTimeZone } from "@/lib/services/sla/calendars";

export const metadata: Metadata = { title: "Reports" };

export default async function Reports() {
  const user = await requirePageUser("reports.read");
  const timeZone = await organizationTimeZone(user.organizationId);
  return (
    <WorkspaceFrame title="Reports">
      <ReportsPage timeZone={timeZone} seesAll={can(user, "reports.read_all")} />
    </WorkspaceFrame>
  );
}
