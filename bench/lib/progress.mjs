// A one-line progress bar on stderr: `label [#####-----]  50%  12.3 s`.

/**
 * @param {string} label
 * @param {number} total
 */
export function progress(label, total) {
  const started = Date.now();
  /** @type {(value: number, end?: string) => void} */
  const draw = (value, end = "") => {
    const share = total ? Math.min(1, value / total) : 1;
    const filled = Math.round(share * 30);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(
      `\r${label.padEnd(18)} [${"#".repeat(filled)}${"-".repeat(30 - filled)}] ${String(Math.round(share * 100)).padStart(3)}%  ${seconds} s${end}`,
    );
  };
  draw(0);
  return { update: (/** @type {number} */ value) => draw(value), done: () => draw(total, "\n") };
}
