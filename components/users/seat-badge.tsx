"use client";

import { Badge } from "@/components/ui/badge";
import { seatFigure } from "@/lib/format/seats";
import type { Jsonify } from "@/lib/schemas/json";
import type { SeatSummary } from "@/lib/schemas/users";

/** The agent seats as one figure: '3 used · 1 invited · 10 seats' ('-' until known). */
export function SeatBadge({ seats }: { seats: Jsonify<SeatSummary> | undefined }) {
  const figure = seats ? seatFigure(seats) : undefined;
  return (
    <Badge
      variant="outline"
      className="text-sm whitespace-normal"
      data-testid="seat-figure"
      aria-label={figure ? `Agent seats: ${figure}` : undefined}
    >
      {figure ?? "-"}
    </Badge>
  );
}
