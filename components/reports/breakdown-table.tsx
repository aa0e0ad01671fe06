"use client";

import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ENTRANCE_LABELS } from "@/lib/automations/labels";
import { minutesText, shareOf } from "@/lib/reports/deltas";
import { drillDownHref, type ReportFilters } from "@/lib/reports/drill-down";
import type { ReportRange } from "@/lib/reports/range-presets";
import type { ReportBreakdown, ReportBreakdownRow, ReportDimension } from "@/lib/schemas/reports-charts";
import type { Entrance } from "@/lib/schemas/automations";
import { PRIORITY_LABELS } from "@/lib/tickets/fields";
import type { TicketPriority } from "@/generated/prisma/enums";
import { CsvButton } from "./csv-button";

export const DIMENSION_LABELS: Record<ReportDimension, string> = {
  group: "Group",
  agent: "Agent",
  tag: "Tag",
  entrance: "Entrance",
  priority: "Priority",
  company: "Company",
};

const NONE: Partial<Record<ReportDimension, string>> = {
  group: "No group",
  agent: "Unassigned",
  company: "No company",
};

/** A row's name: the group's, agent's, tag's or company's, the priority or entrance in words. */
function rowName(by: ReportDimension, row: ReportBreakdownRow): string {
  if (row.key === null) return NONE[by] ?? "None";
  if (by === "priority") return PRIORITY_LABELS[row.key as TicketPriority] ?? row.key;
  if (by === "entrance") return ENTRANCE_LABELS[row.key as Entrance] ?? row.key;
  return row.label ?? "A deleted one";
}

const HEADER = [
  "Name",
  "Created",
  "Solved",
  "First response median (min)",
  "Resolution median (min)",
  "SLA met",
  "SLA breached",
  "Satisfaction good",
  "Satisfaction bad",
];

/** The range's figures per row, each name opening the tickets behind it, the breached SLA count its breached tickets. */
export function BreakdownTable({
  breakdown,
  range,
  filters,
  csvName,
}: {
  breakdown: ReportBreakdown;
  range: ReportRange;
  filters: ReportFilters;
  csvName: string;
}) {
  const { by, rows } = breakdown;
  const csvRows = rows.map((r) => [
    rowName(by, r),
    r.created,
    r.solved,
    r.firstResponseMedian,
    r.resolutionMedian,
    r.slaCompliance.met,
    r.slaCompliance.breached,
    r.satisfaction.good,
    r.satisfaction.bad,
  ]);
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex justify-end">
        <CsvButton
          name={csvName}
          header={HEADER}
          rows={csvRows}
          label={`figures by ${DIMENSION_LABELS[by].toLowerCase()}`}
        />
      </div>
      <Table scrollLabel={`Figures by ${DIMENSION_LABELS[by].toLowerCase()}`}>
        <TableHeader>
          <TableRow>
            <TableHead>{DIMENSION_LABELS[by]}</TableHead>
            <TableHead className="text-right">Created</TableHead>
            <TableHead className="text-right">Solved</TableHead>
            <TableHead className="text-right">First response (median)</TableHead>
            <TableHead className="text-right">Resolution (median)</TableHead>
            <TableHead className="text-right">SLA met</TableHead>
            <TableHead className="text-right">SLA breached</TableHead>
            <TableHead className="text-right">Good ratings</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} className="text-muted-foreground">
                No tickets in this range.
              </TableCell>
            </TableRow>
          )}
          {rows.map((r) => {
            const name = rowName(by, r);
            const href = drillDownHref(by, r, range, filters);
            const breached = drillDownHref(by, r, range, filters, { outcome: "breached" });
            const good = shareOf(r.satisfaction.good, r.satisfaction.good + r.satisfaction.bad);
            return (
              <TableRow key={r.key ?? ""}>
                <TableCell className="font-medium">
                  {href ? (
                    <Link href={href} className="underline-offset-4 hover:underline" aria-label={`Tickets of ${name}`}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">{r.created}</TableCell>
                <TableCell className="text-right tabular-nums">{r.solved}</TableCell>
                <TableCell className="text-right tabular-nums">{minutesText(r.firstResponseMedian)}</TableCell>
                <TableCell className="text-right tabular-nums">{minutesText(r.resolutionMedian)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.slaCompliance.met}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {breached && r.slaCompliance.breached > 0 ? (
                    <Link
                      href={breached}
                      className="underline underline-offset-4"
                      aria-label={`SLA breached tickets of ${name}`}
                    >
                      {r.slaCompliance.breached}
                    </Link>
                  ) : (
                    r.slaCompliance.breached
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {good === null ? "–" : `${good}% of ${r.satisfaction.good + r.satisfaction.bad}`}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
