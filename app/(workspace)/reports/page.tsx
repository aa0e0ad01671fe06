import type { Metadata } from "next";
import { ReportsPage } from "@/components/reports/reports-page";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";
import { can } from "@/lib/permissions/table";
import { reportQuerySchema } from "@/lib/schemas/reports";
import { organizationTimeZone } from "@/lib/services/sla/calendars";

export const metadata: Metadata = { title: "Reports" };

/** `/reports?from=YYYY-MM-DD&to=YYYY-MM-DD` opens that range (the weekly summary mail links so); anything else, the default. */
export default async function Reports({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const user = await requirePageUser("reports.read");
  const timeZone = await organizationTimeZone(user.organizationId);
  const { from, to } = await searchParams;
  const asked = reportQuerySchema.safeParse({ from, to });
  return (
    <WorkspaceFrame title="Reports">
      <ReportsPage
        timeZone={timeZone}
        seesAll={can(user, "reports.read_all")}
        range={asked.success ? { from: asked.data.from, to: asked.data.to } : undefined}
      />
    </WorkspaceFrame>
  );
}
