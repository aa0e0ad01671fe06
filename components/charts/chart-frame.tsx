"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A chart's drawing width: the box it is shown in, measured, so that its labels keep their size
 * on any screen (at least 240 px, 640 until measured).
 */
export function useMeasuredWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(240, entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

/** A chart's scale: a line across at each tick (dashed above zero) with its figure at the left. */
export function ScaleLines({
  ticks,
  left,
  width,
  y,
}: {
  ticks: number[];
  left: number;
  width: number;
  y: (n: number) => number;
}) {
  return ticks.map((t) => (
    <g key={t} data-testid="chart-scale">
      <line
        x1={left}
        x2={width}
        y1={y(t)}
        y2={y(t)}
        className="stroke-border"
        strokeDasharray={t ? "3 3" : undefined}
      />
      <text x={left - 6} y={y(t) + 3} textAnchor="end" className="fill-muted-foreground text-[10px]">
        {Number.isInteger(t) ? t : t.toFixed(1)}
      </text>
    </g>
  ));
}
