/**
 * The day (UTC, "2026-12-07") the help center's figures count in: views, votes and searches
 * are kept per day, the same day for every visitor wherever they are.
 */
export function kbDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
