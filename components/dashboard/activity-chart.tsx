import { format } from "date-fns";

/** Bars of tickets created and resolved per day, drawn as SVG (no chart library). */
export function ActivityChart({ daily }: { daily: { day: string; created: number; resolved: number }[] }) {
  const max = Math.max(1, ...daily.flatMap((d) => [d.created, d.resolved]));
  const width = 600;
  const height = 140;
  const slot = width / Math.max(1, daily.length);
  const bar = Math.max(1, slot / 2 - 1);
  const totalCreated = daily.reduce((n, d) => n + d.created, 0);
  const totalResolved = daily.reduce((n, d) => n + d.resolved, 0);
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-36 w-full"
        role="img"
        aria-label={`${totalCreated} tickets created and ${totalResolved} resolved in the last 30 days`}
      >
        {daily.map((d, i) => {
          const h1 = (d.created / max) * (height - 4);
          const h2 = (d.resolved / max) * (height - 4);
          return (
            <g key={d.day}>
              <title>{`${format(new Date(d.day), "MMM d")}: ${d.created} created, ${d.resolved} resolved`}</title>
              <rect x={i * slot} y={height - h1} width={bar} height={h1} className="fill-primary" />
              <rect x={i * slot + bar + 1} y={height - h2} width={bar} height={h2} className="fill-success" />
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-primary" /> Created ({totalCreated})
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-success" /> Resolved ({totalResolved})
        </span>
      </figcaption>
    </figure>
  );
}
