"use client";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { minutesText } from "@/lib/reports/deltas";
import type { Jsonify } from "@/lib/schemas/json";
import type { ReportFigures, ReportSummary } from "@/lib/schemas/reports";
import { CsvButton } from "./csv-button";

type Figures = Jsonify<ReportFigures>;
type Spread = { median: number | null; p90: number | null };

/** The waiting times and replies per ticket, each median and 90th percentile, this period and the one before. */
const MEASURES: { name: string; spread: (f: Figures) => Spread; text: (v: number | null) => string }[] = [
  { name: "First response", spread: (f) => f.firstResponseMinutes, text: minutesText },
  { name: "Next response", spread: (f) => f.nextResponseMinutes, text: minutesText },
  { name: "Full resolution", spread: (f) => f.resolutionMinutes, text: minutesText },
  {
    name: "Team replies per solved ticket",
    spread: (f) => f.agentRepliesPerTicket,
    text: (v) => (v === null ? "–" : String(v)),
  },
];

/** The table view of the response cards' numbers (and their 90th percentiles), with the period before. */
export function MeasuresTable({ summary, csvName }: { summary: Jsonify<ReportSummary>; csvName: string }) {
  const rows = MEASURES.map((m) => ({ ...m, now: m.spread(summary), before: m.spread(summary.previous) }));
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex justify-end">
        <CsvButton
          name={csvName}
          label="response times"
          header={["Measure", "Median", "90th percentile", "Median before", "90th percentile before"]}
          rows={rows.map((r) => [r.name, r.now.median, r.now.p90, r.before.median, r.before.p90])}
        />
      </div>
      <div className="min-w-0 overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Measure</TableHead>
              <TableHead className="text-right">Median</TableHead>
              <TableHead className="text-right">90th percentile</TableHead>
              <TableHead className="text-right">Median before</TableHead>
              <TableHead className="text-right">90th percentile before</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.name}>
                <TableCell className="font-medium">{r.name}</TableCell>
                <TableCell className="text-right tabular-nums">{r.text(r.now.median)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.text(r.now.p90)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.text(r.before.median)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.text(r.before.p90)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
