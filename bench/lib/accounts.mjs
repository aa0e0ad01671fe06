// The accounts bench/seed.mjs creates: organisation i is `bench-i`; 0 is the largest.
export const BENCH_PASSWORD = "bench-password-1";

export const benchEmails = {
  /** @param {number} org */
  admin: (org) => `admin@bench-${org}.test`,
  /** @type {(org: number, n: number) => string} */
  agent: (org, n) => `agent${n}@bench-${org}.test`,
  platform: "platform@bench.test",
};
