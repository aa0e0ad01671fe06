"use client";

import { format, parseISO } from "date-fns";
import { useState } from "react";
import { ScaleLines, useMeasuredWidth } from "@/components/charts/chart-frame";
import { niceMax } from "@/lib/format/shares";

type Day = { day: string; created: number; resolved: number };

const H = 180;
const LEFT = 32;
const BOTTOM = 22;
const TOP = 8;
const PLOT_H = H - BOTTOM - TOP;

/**
 * Bars of tickets created and resolved per day, drawn as SVG (no chart library), with a
 * scale on the left, dates along the bottom and the day's figures on hover or focus.
 */
export function ActivityChart({ daily }: { daily: Day[] }) {
  const [active, setActive] = useState<number | null>(null);
  // Drawn at the pixel width it is shown at, so labels keep their size on any screen.
  const { box, width: W } = useMeasuredWidth();
  const max = niceMax(Math.max(0, ...daily.flatMap((d) => [d.created, d.resolved])));
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max];
  const slot = (W - LEFT) / Math.max(1, daily.length);
  const bar = Math.max(1, slot / 2 - 1.5);
  const y = (n: number) => TOP + PLOT_H - (n / max) * PLOT_H;
  const totalCreated = daily.reduce((n, d) => n + d.created, 0);
  const totalResolved = daily.reduce((n, d) => n + d.resolved, 0);
  const shown = active !== null ? daily[active] : undefined;
  const labelEvery = Math.max(1, Math.ceil(daily.length / Math.max(3, Math.floor(W / 110))));

  return (
    <figure className="grid min-w-0 gap-2">
      <div className="relative min-w-0" ref={box}>
        {/* As wide as the card, never wider: the width measured above sets the drawing's scale. */}
        <svg
          viewBox={`0 0 ${W} ${H}`}
          height={H}
          className="block w-full overflow-visible"
          role="img"
          aria-label={`${totalCreated} tickets created and ${totalResolved} resolved in the last 30 days`}
          onMouseLeave={() => setActive(null)}
        >
          <ScaleLines ticks={ticks} left={LEFT} width={W} y={y} />
          {daily.map((d, i) => {
            const x = LEFT + i * slot;
            return (
              <g key={d.day} onMouseEnter={() => setActive(i)}>
                <rect
                  x={x}
                  y={TOP}
                  width={slot}
                  height={PLOT_H}
                  className={i === active ? "fill-muted" : "fill-transparent"}
                />
                <rect
                  x={x + 1}
                  y={y(d.created)}
                  width={bar}
                  height={TOP + PLOT_H - y(d.created)}
                  className="fill-primary"
                />
                <rect
                  x={x + bar + 2}
                  y={y(d.resolved)}
                  width={bar}
                  height={TOP + PLOT_H - y(d.resolved)}
                  className="fill-success"
                />
                {i % labelEvery === 0 && (
                  <text x={x + slot / 2} y={H - 6} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                    {format(parseISO(d.day), "MMM d")}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        {shown && active !== null && (
          <div
            role="tooltip"
            className="pointer-events-none absolute top-0 z-10 -translate-x-1/2 rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-md"
            style={{ left: `${((LEFT + (active + 0.5) * slot) / W) * 100}%` }}
          >
            <p className="font-medium">{format(parseISO(shown.day), "EEE, MMM d")}</p>
            <p>{shown.created} created</p>
            <p>{shown.resolved} resolved</p>
          </div>
        )}
      </div>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-primary" /> Created ({totalCreated})
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-success" /> Resolved ({totalResolved})
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Tickets per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Created</th>
            <th scope="col">Resolved</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <th scope="row">{format(parseISO(d.day), "MMM d")}</th>
              <td>{d.created}</td>
              <td>{d.resolved}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
