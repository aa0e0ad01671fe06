import { UNLIMITED } from "@/lib/plans/limits";
import type { SeatSummary } from "@/lib/schemas/users";

type Seats = Pick<SeatSummary, "used" | "pending" | "limit">;

/** Seats taken: each active agent or admin holds one, and so does each invitation until it is accepted or expires. */
export function seatsTaken({ used, pending }: Seats): number {
  return used + pending;
}

/** Whether no seat is left for another invitation or teammate (never, on a plan without a limit). */
export function seatsFull(seats: Seats): boolean {
  return seats.limit !== UNLIMITED && seatsTaken(seats) >= seats.limit;
}

/** '3 used · 1 invited · 10 seats' ('3 used · 10 seats' with no invitation out, '∞ seats' without a limit). */
export function seatFigure(seats: Seats): string {
  const parts = [`${seats.used} used`];
  if (seats.pending) parts.push(`${seats.pending} invited`);
  parts.push(seats.limit === UNLIMITED ? "∞ seats" : seats.limit === 1 ? "1 seat" : `${seats.limit} seats`);
  return parts.join(" · ");
}
