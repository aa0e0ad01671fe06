/**
 * Whole-number percentages of `counts` that add up to exactly 100 (largest remainder first),
 * so a breakdown never reads 33% + 33% + 33%. All zeros stay zeros.
 */
export function percentShares(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return counts.map(() => 0);
  const exact = counts.map((n) => (n / total) * 100);
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** A round upper bound for a chart's scale: 1, 2, 5 or 10 times a power of ten (at least 4). */
export function niceMax(max: number): number {
  const floor = Math.max(4, max);
  const power = 10 ** Math.floor(Math.log10(floor));
  for (const step of [1, 2, 5, 10]) if (step * power >= floor) return step * power;
  return 10 * power;
}
