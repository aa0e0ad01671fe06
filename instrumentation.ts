/** Runs once when the server starts (Node.js runtime only). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("@/lib/server/env")).exitOnConfigProblems();
  // The build has no database to ask; a server does.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  await (await import("@/lib/services/users/demo-logins")).exitOnDemoLogins();
  // Job workers run inside the server unless a deployment runs them apart (`npm run worker`).
  if (process.env.JOBS_IN_SERVER !== "false") await (await import("@/lib/jobs/in-process")).runWorkersInProcess();
  // The built-in SMTP receiver, when INBOUND_SMTP_PORT is set (one process per machine binds it).
  await (await import("@/lib/mail/inbound/smtp-receiver")).startConfiguredReceiver();
}
