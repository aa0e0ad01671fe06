import "server-only";
import { CONFIG_PROBLEM_EXIT } from "@/lib/server/exit-codes.mjs";

/**
 * Server configuration read once. Development has safe defaults; production refuses to
 * start without a real session secret.
 */
const isProduction = process.env.NODE_ENV === "production";

function required(name: string, fallback: string): string {
  const value = process.env[name];
  if (value) return value;
  return fallback;
}

const DEV_SECRET = "ticketry-development-secret-do-not-use-in-production";

function sessionSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (secret) return secret;
  if (isProduction && process.env.NEXT_PHASE !== "phase-production-build") {
    throw new Error("NEXTAUTH_SECRET must be set in production (use a random value of at least 32 characters).");
  }
  return DEV_SECRET;
}

export const env = {
  isProduction,
  get databaseUrl() {
    return required("DATABASE_URL", "postgresql://postgres:postgres@127.0.0.1:54329/ticketry");
  },
  get sessionSecret() {
    return sessionSecret();
  },
  get appUrl() {
    return (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
  },
  /** Secure cookies whenever the public address is https (always in a real deployment). */
  get secureCookies() {
    return (process.env.APP_URL ?? "").startsWith("https://");
  },
  get smtpUrl() {
    return process.env.SMTP_URL || undefined;
  },
  get mailFrom() {
    return process.env.MAIL_FROM ?? "Ticketry <no-reply@ticketry.local>";
  },
  /** Where attachment bytes live (see lib/storage): PostgreSQL by default, so servers stay stateless. */
  get attachmentsStorage(): "postgres" | "disk" {
    return process.env.ATTACHMENTS_STORAGE === "disk" ? "disk" : "postgres";
  },
  get attachmentsDir() {
    return process.env.ATTACHMENTS_DIR || ".data/attachments";
  },
  /** Most attachment bytes one message may bring (files past it are skipped, not stored). */
  get attachmentsMaxMessageBytes() {
    const mb = Number(process.env.ATTACHMENTS_MAX_MESSAGE_MB);
    return Math.round((Number.isFinite(mb) && mb > 0 ? mb : 25) * 1024 * 1024);
  },
};

/**
 * Settings a production server must not run without. Returned as messages so start-up can
 * print all of them at once.
 */
export function productionConfigProblems(vars: Record<string, string | undefined>): string[] {
  if (vars.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  const secret = vars.NEXTAUTH_SECRET ?? "";
  if (!secret) problems.push("NEXTAUTH_SECRET is not set: set it to a random value of at least 32 characters.");
  else if (secret.length < 32) problems.push("NEXTAUTH_SECRET is too short: use at least 32 characters.");
  if (!vars.DATABASE_URL) problems.push("DATABASE_URL is not set.");
  if (vars.ATTACHMENTS_STORAGE && !["postgres", "disk"].includes(vars.ATTACHMENTS_STORAGE))
    problems.push("ATTACHMENTS_STORAGE must be postgres or disk.");
  const webhook = vars.INBOUND_WEBHOOK_SECRET;
  if (webhook && webhook.length < 32)
    problems.push("INBOUND_WEBHOOK_SECRET is too short: use at least 32 random characters.");
  return problems;
}

/** A production server refuses to start half-configured: print every problem and exit. */
export function exitOnConfigProblems(vars: Record<string, string | undefined> = process.env) {
  refuseToStartOn(productionConfigProblems(vars));
}

/**
 * Prints every start-up problem at once and exits; does nothing when there are none. The exit
 * code tells a multi-process server not to start the process again (scripts/lib/server-cluster.mjs).
 */
export function refuseToStartOn(problems: string[]) {
  if (problems.length === 0) return;
  console.error(`Ticketry cannot start:\n- ${problems.join("\n- ")}`);
  process.exit(CONFIG_PROBLEM_EXIT);
}
