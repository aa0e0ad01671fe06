// Reads the .cpuprofile files a profiled server wrote (node --cpu-prof, one per process) and sums
// where the CPU went: self time per function and per part of the stack (Next, React, Prisma, pg,
// Node itself, our code), as shares of the busy time (idle excluded), so runs on a machine shared
// with other work still compare. Also `node bench/lib/cpu-profile.mjs <dir> [top]` on its own.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The parts of a .cpuprofile file read here: the call tree's nodes, and which node each sample
 * hit with the microseconds since the one before.
 * @typedef {{
 *   nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[],
 *   startTime: number,
 *   samples: number[],
 *   timeDeltas: number[],
 * }} CpuProfile
 */

/**
 * Which part of the server a stack frame belongs to, from its script's address.
 * @param {string} url
 * @param {string} functionName
 */
export function partOf(url, functionName) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node";
  if (/[\\/]node_modules[\\/](\.pnpm[\\/])?next[\\/]|next-server|[\\/]compiled[\\/]next/.test(url)) return "next";
  if (/react-dom|react-server|[\\/]react[\\/]/.test(url)) return "react";
  if (/prisma|query_compiler|query-compiler/i.test(url)) return "prisma";
  if (/[\\/]node_modules[\\/](pg|pg-protocol|pg-pool|pg-types|postgres-)/.test(url)) return "pg";
  if (/[\\/]node_modules[\\/]/.test(url)) return "other packages";
  if (/[\\/]\.next[\\/]|[\\/]lib[\\/]|[\\/]app[\\/]/.test(url)) return "app (bundled chunks)";
  return "other";
}

/** @param {string} url */
const shortUrl = (url) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*[\\/]node_modules[\\/]/, "")
    .replace(/^.*[\\/]\.next[\\/]/, ".next/");

/**
 * Self milliseconds per frame key over every profile in `dir`. `window` ({ fromUs, toUs }, the
 * monotonic clock in microseconds: `process.hrtime.bigint() / 1000n` on the same machine, the
 * clock V8 stamps samples with) keeps only the samples taken in it, e.g. the measured part of a
 * scenario without the server's start and warm-up.
 * @param {string} dir
 * @param {number} [top]
 * @param {{ fromUs: number, toUs: number } | null} [window]
 */
export function summariseProfiles(dir, top = 15, window = null) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  const byFrame = new Map();
  const byPart = new Map();
  let busy = 0;
  let idle = 0;
  for (const file of files) {
    /** @type {CpuProfile} */
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      at += profile.timeDeltas[i] ?? 0;
      if (window && (at < window.fromUs || at > window.toUs)) return;
      const frame = nodes.get(id);
      if (!frame) return;
      const name = frame.functionName || "(anonymous)";
      if (name === "(idle)") {
        idle += ms;
        return;
      }
      busy += ms;
      const key = `${name} ${frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : ""}`.trim();
      byFrame.set(key, (byFrame.get(key) ?? 0) + ms);
      const part = partOf(frame.url, name);
      byPart.set(part, (byPart.get(part) ?? 0) + ms);
    });
  }
  /** @param {number} ms */
  const share = (ms) => Math.round((1000 * ms) / Math.max(busy, 1)) / 10;
  /** @param {Map<string, number>} map */
  const sorted = (map) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms: Math.round(ms), percent: share(ms) }));
  return {
    files: files.length,
    busyMs: Math.round(busy),
    idleMs: Math.round(idle),
    parts: sorted(byPart),
    top: sorted(byFrame).slice(0, top),
  };
}

/**
 * @param {string} title
 * @param {ReturnType<typeof summariseProfiles>} summary
 */
export function printSummary(title, summary) {
  console.log(
    `\nCPU profile: ${title} (${summary.files} processes, busy ${summary.busyMs} ms, idle ${summary.idleMs} ms)`,
  );
  console.log(`  by part: ${summary.parts.map((p) => `${p.name} ${p.percent} %`).join(", ")}`);
  for (const entry of summary.top) console.log(`  ${String(entry.percent).padStart(5)} %  ${entry.name}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node bench/lib/cpu-profile.mjs <folder of .cpuprofile files> [top]");
  printSummary(dir, summariseProfiles(dir, Number(process.argv[3] ?? 15)));
}
