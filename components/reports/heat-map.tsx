"use client";

import type { ReportHeatmap } from "@/lib/schemas/reports-charts";
import { CsvButton } from "./csv-button";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * When tickets arrive: a table of days by hours, each cell holding its count as a number (the
 * shade only repeats it), so it reads without colour and to a screen reader.
 */
export function HeatMap({ heatmap, csvName }: { heatmap: ReportHeatmap; csvName: string }) {
  const max = Math.max(1, ...heatmap.counts.flat());
  const header = ["Day", ...HOURS.map((h) => `${String(h).padStart(2, "0")}:00`)];
  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">When tickets arrive ({heatmap.timeZone})</span>
        <CsvButton
          name={csvName}
          header={header}
          rows={heatmap.counts.map((row, d) => [DAYS[d]!, ...row])}
          label="when tickets arrive"
        />
      </figcaption>
      {/* Positioned, so the hours' screen-reader labels scroll with the table instead of widening the page. */}
      <div
        className="relative overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="When tickets arrive, by day and hour"
      >
        <table className="w-full border-separate border-spacing-0.5 text-[10px] tabular-nums">
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                Day
              </th>
              {HOURS.map((h) => (
                <th key={h} scope="col" className="font-normal text-muted-foreground">
                  <span aria-hidden="true">{h % 3 === 0 ? h : ""}</span>
                  <span className="sr-only">{`${h}:00 to ${h + 1}:00`}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {heatmap.counts.map((row, d) => (
              <tr key={DAYS[d]}>
                <th scope="row" className="pr-1 text-left font-normal text-muted-foreground">
                  {DAYS[d]}
                </th>
                {row.map((n, h) => (
                  <td
                    key={h}
                    className="relative h-6 min-w-5 rounded-sm text-center"
                    title={`${DAYS[d]} ${h}:00: ${n} ticket${n === 1 ? "" : "s"}`}
                  >
                    <span
                      aria-hidden="true"
                      className="absolute inset-0 rounded-sm bg-primary"
                      style={{ opacity: n === 0 ? 0.04 : 0.15 + (0.85 * n) / max }}
                    />
                    <span className={`relative ${n / max > 0.55 ? "text-primary-foreground" : ""}`}>{n}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
