"use client";

import { AxisBottom } from "@visx/axis";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { useState } from "react";
import { ScaleLines, useMeasuredWidth } from "@/components/charts/chart-frame";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { CsvButton } from "./csv-button";

export type ChartSeries = {
  key: string;
  label: string;
  /** Tailwind stroke and fill classes: each series also has its own dash or mark, colour is never alone. */
  stroke: string;
  fill: string;
  dash?: string;
};
export type ChartPoint = { label: string; values: Record<string, number | null> };

const H = 200;
const LEFT = 40;
const BOTTOM = 22;
const TOP = 10;
const PLOT_H = H - BOTTOM - TOP;

/** Tick labels as the page's small muted text (visx's own default is a fixed grey in Arial). */
const TICK_LABEL = {
  className: "fill-muted-foreground text-[10px]",
  fill: undefined,
  fontFamily: "inherit",
  fontSize: 10,
};

/**
 * A chart over time, lines or grouped bars drawn with visx (its scales, date axis and shapes, as SVG),
 * with dates along the bottom, a legend naming each series by its mark, and the point's figures
 * on hover or keyboard focus. The "Table" toggle shows the same numbers as a table, with its CSV.
 */
export function TimeChart({
  title,
  kind,
  series,
  points,
  unit,
  csvName,
}: {
  title: string;
  kind: "line" | "bar";
  series: ChartSeries[];
  points: ChartPoint[];
  unit?: string;
  csvName: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const { box, width } = useMeasuredWidth();
  const values = points.flatMap((p) => series.map((s) => p.values[s.key] ?? 0));
  // Each period has a slot of its own (a band); a bar chart shares its slot among the series.
  const x = scaleBand<number>({ domain: points.map((_, i) => i), range: [LEFT, width] });
  const perSeries = scaleBand<string>({
    domain: series.map((s) => s.key),
    range: [0, x.bandwidth()],
    paddingInner: 0.1,
    paddingOuter: 0.1,
  });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...values)], range: [TOP + PLOT_H, TOP], nice: 4 });
  const ticks = y.ticks(4);
  const middle = (i: number) => (x(i) ?? LEFT) + x.bandwidth() / 2;
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(3, Math.floor(width / 90))));
  const shown = active === null ? undefined : points[active];
  const figure = (v: number | null | undefined) =>
    v === null || v === undefined ? "none" : `${v}${unit ? ` ${unit}` : ""}`;
  const header = ["Period", ...series.map((s) => s.label)];
  const rows = points.map((p) => [p.label, ...series.map((s) => p.values[s.key] ?? null)]);

  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{title}</span>
        <span className="flex gap-2">
          <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {asTable ? "Chart" : "Table"}
          </Button>
          <CsvButton name={csvName} header={header} rows={rows} label={title} />
        </span>
      </figcaption>
      {asTable ? (
        <Table scrollLabel={title}>
          <TableHeader>
            <TableRow>
              {header.map((h) => (
                <TableHead key={h}>{h}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={String(r[0])}>
                {r.map((cell, i) => (
                  <TableCell key={header[i]} className={i ? "tabular-nums" : undefined}>
                    {cell ?? "–"}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            {series.map((s) => (
              <li key={s.key} className="flex items-center gap-1.5">
                <svg width="18" height="8" aria-hidden="true">
                  {kind === "line" ? (
                    <line x1="0" x2="18" y1="4" y2="4" strokeWidth="2" strokeDasharray={s.dash} className={s.stroke} />
                  ) : (
                    <rect width="18" height="8" className={s.fill} />
                  )}
                </svg>
                {s.label}
              </li>
            ))}
          </ul>
          <div className="relative min-w-0" ref={box}>
            <svg
              viewBox={`0 0 ${width} ${H}`}
              height={H}
              className="block w-full overflow-visible"
              role="img"
              aria-label={`${title}: ${series
                .map((s) => `${s.label} ${points.reduce((n, p) => n + (p.values[s.key] ?? 0), 0)}`)
                .join(", ")}${kind === "line" ? " (summed over the points)" : ""}`}
              onMouseLeave={() => setActive(null)}
            >
              <ScaleLines ticks={ticks} left={LEFT} width={width} y={y} />
              <AxisBottom
                scale={x}
                top={TOP + PLOT_H}
                tickValues={points.map((_, i) => i).filter((i) => i % labelEvery === 0)}
                tickFormat={(i) => points[i]?.label ?? ""}
                hideAxisLine
                hideTicks
                tickLabelProps={TICK_LABEL}
              />
              {points.map((p, i) => (
                <rect
                  key={p.label}
                  x={x(i)}
                  y={TOP}
                  width={x.bandwidth()}
                  height={PLOT_H}
                  className={i === active ? "fill-muted" : "fill-transparent"}
                  onMouseEnter={() => setActive(i)}
                />
              ))}
              {kind === "bar"
                ? points.map((p, i) =>
                    series.map((s) => {
                      const v = p.values[s.key] ?? 0;
                      return (
                        <Bar
                          key={`${p.label}-${s.key}`}
                          x={(x(i) ?? LEFT) + (perSeries(s.key) ?? 0)}
                          y={y(v)}
                          width={Math.max(1, perSeries.bandwidth())}
                          height={TOP + PLOT_H - y(v)}
                          className={s.fill}
                          pointerEvents="none"
                        />
                      );
                    }),
                  )
                : series.map((s) => (
                    <g key={s.key} className={s.stroke} pointerEvents="none">
                      <LinePath
                        data={points.map((p, i) => [i, p.values[s.key]] as const)}
                        defined={([, v]) => v !== null && v !== undefined}
                        x={([i]) => middle(i)}
                        y={([, v]) => y(v ?? 0)}
                        fill="none"
                        strokeWidth={2}
                        strokeDasharray={s.dash}
                      />
                      {/* Each figure marked too: a period between two without one still shows. */}
                      {points.map((p, i) =>
                        p.values[s.key] === null || p.values[s.key] === undefined ? null : (
                          <circle
                            key={p.label}
                            cx={middle(i)}
                            cy={y(p.values[s.key] ?? 0)}
                            r={2}
                            className="fill-card"
                            strokeWidth={1.5}
                          />
                        ),
                      )}
                    </g>
                  ))}
            </svg>
            {shown && (
              <div
                role="status"
                className="pointer-events-none absolute top-0 right-0 rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-sm"
              >
                <div className="font-medium">{shown.label}</div>
                {series.map((s) => (
                  <div key={s.key}>
                    {s.label}: {figure(shown.values[s.key])}
                  </div>
                ))}
              </div>
            )}
          </div>
          <div className="flex flex-wrap gap-1" aria-label={`${title}: read a point`}>
            <label className="sr-only" htmlFor={`${csvName}-point`}>
              Point of {title}
            </label>
            <input
              id={`${csvName}-point`}
              type="range"
              min={0}
              max={Math.max(0, points.length - 1)}
              value={active ?? 0}
              onChange={(e) => setActive(Number(e.target.value))}
              onFocus={() => setActive(active ?? 0)}
              onBlur={() => setActive(null)}
              aria-valuetext={
                shown
                  ? `${shown.label}: ${series.map((s) => `${s.label} ${figure(shown.values[s.key])}`).join(", ")}`
                  : undefined
              }
              className="w-full accent-primary"
            />
          </div>
        </>
      )}
    </figure>
  );
}
