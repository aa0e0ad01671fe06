"use client";

import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TARGET_NAMES } from "@/lib/format/sla-text";
import { shareOf } from "@/lib/reports/deltas";
import { slaDrillDownHref, type ReportFilters, type SlaDrill } from "@/lib/reports/drill-down";
import type { ReportRange } from "@/lib/reports/range-presets";
import type { Jsonify } from "@/lib/schemas/json";
import type { ReportFigures, SlaOutcomes } from "@/lib/schemas/reports";
import type { SlaOutcome, SlaTargetKind } from "@/lib/schemas/tickets";
import { CsvButton } from "./csv-button";

/** The targets in the product's words (the ticket pane's). */
export const TARGET_LABELS: Record<SlaTargetKind, string> = {
  first_response: TARGET_NAMES.first_reply,
  next_response: TARGET_NAMES.next_reply,
  resolution: TARGET_NAMES.resolution,
};

type Row = SlaOutcomes & { name: string; drill: Omit<SlaDrill, "outcome"> };

/**
 * SLA compliance per target and per policy: each count of targets met or breached opens the list
 * of the tickets behind it (a ticket with two next replies late is one ticket in the list). The
 * share is written out beside its bar: the bar only repeats it.
 */
export function SlaCompliance({
  summary,
  range,
  filters,
  csvName,
}: {
  summary: Jsonify<ReportFigures>;
  range: ReportRange;
  filters: ReportFilters;
  csvName: string;
}) {
  const byTarget: Row[] = summary.slaByTarget.map((r) => ({
    ...r,
    name: TARGET_LABELS[r.target],
    drill: { target: r.target },
  }));
  const byPolicy: Row[] = summary.slaByPolicy.map((r) => ({
    ...r,
    name: r.name ?? (r.policyId === null ? "Default targets" : "A deleted policy"),
    drill: { policy: r.policyId ?? "default" },
  }));
  if (byTarget.length === 0)
    return <p className="text-sm text-muted-foreground">No SLA target was met or breached in this range.</p>;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex justify-end">
        <CsvButton
          name={csvName}
          label="SLA compliance"
          header={["By", "Name", "Met", "Breached", "Met share (%)"]}
          rows={[
            ...byTarget.map((r) => ["Target", r.name, r.met, r.breached, shareOf(r.met, r.met + r.breached)]),
            ...byPolicy.map((r) => ["Policy", r.name, r.met, r.breached, shareOf(r.met, r.met + r.breached)]),
          ]}
        />
      </div>
      <OutcomeTable caption="By target" rows={byTarget} range={range} filters={filters} />
      <OutcomeTable caption="By policy" rows={byPolicy} range={range} filters={filters} />
    </div>
  );
}

function OutcomeTable({
  caption,
  rows,
  range,
  filters,
}: {
  caption: string;
  rows: Row[];
  range: ReportRange;
  filters: ReportFilters;
}) {
  const count = (row: Row, outcome: SlaOutcome) => {
    const href = row[outcome] > 0 ? slaDrillDownHref(range, filters, { outcome, ...row.drill }) : null;
    return href ? (
      <Link
        href={href}
        className="underline underline-offset-4"
        aria-label={`${row.name} ${outcome}: ${row[outcome]} (open their tickets)`}
      >
        {row[outcome]}
      </Link>
    ) : (
      row[outcome]
    );
  };
  return (
    <div className="min-w-0 overflow-x-auto">
      <Table>
        <caption className="mb-2 caption-top text-left text-sm font-medium">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{caption === "By target" ? "Target" : "Policy"}</TableHead>
            <TableHead className="text-right">Met</TableHead>
            <TableHead className="text-right">Breached</TableHead>
            <TableHead className="w-2/5">Met in time</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const share = shareOf(row.met, row.met + row.breached);
            return (
              <TableRow key={row.name}>
                <TableCell className="font-medium">{row.name}</TableCell>
                <TableCell className="text-right tabular-nums">{count(row, "met")}</TableCell>
                <TableCell className="text-right tabular-nums">{count(row, "breached")}</TableCell>
                <TableCell>
                  <div className="flex items-center gap-2">
                    <span className="w-10 shrink-0 text-right text-xs tabular-nums">{share}%</span>
                    {/* Met is solid, breached the hatched rest of the track: the figure beside says it in words. */}
                    <div
                      aria-hidden="true"
                      className="h-2.5 min-w-12 flex-1 overflow-hidden rounded-sm border border-foreground/30 bg-[repeating-linear-gradient(135deg,transparent_0_3px,var(--color-muted-foreground)_3px_4px)]"
                    >
                      <div className="h-full bg-foreground/70" style={{ width: `${share}%` }} />
                    </div>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
