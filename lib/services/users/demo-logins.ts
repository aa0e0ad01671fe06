import "server-only";
import { db } from "@/lib/server/db";
import { refuseToStartOn } from "@/lib/server/env";
import { verifyPassword } from "@/lib/auth/password";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/site/demo";

// Verifying a hash is deliberately slow, and its answer never changes for the same hash, so the
// login page pays for it once per stored hash rather than on every visit.
const verdicts = new Map<string, Promise<boolean>>();
const isPublishedPassword = (passwordHash: string) => {
  let verdict = verdicts.get(passwordHash);
  if (!verdict) verdicts.set(passwordHash, (verdict = verifyPassword(passwordHash, DEMO_PASSWORD)));
  return verdict;
};

/** The demo accounts that still sign in with the password printed in the README and on the login page. */
export async function publishedDemoLogins(): Promise<string[]> {
  const users = await db.user.findMany({
    where: { email: { in: DEMO_ACCOUNTS.map((a) => a.email) }, isActive: true },
    select: { email: true, passwordHash: true },
  });
  const published = await Promise.all(users.map((u) => isPublishedPassword(u.passwordHash)));
  return users.filter((_, i) => published[i]).map((u) => u.email);
}

/**
 * Whether the deployment may offer the demo logins: the embedded local demo of `npm start`, or a
 * deliberate public demo that says so with ALLOW_DEMO_LOGINS=true.
 */
export function demoLoginsAllowed(vars: Record<string, string | undefined> = process.env): boolean {
  return vars.ALLOW_DEMO_LOGINS === "true";
}

/** The login page lists the demo logins only where they are meant to be used and still work. */
export async function showDemoLogins(vars: Record<string, string | undefined> = process.env): Promise<boolean> {
  return demoLoginsAllowed(vars) && (await publishedDemoLogins()).length > 0;
}

/**
 * A production server must not run with accounts anyone can sign in to (one is a platform admin)
 * unless it is a demo on purpose. Returned as messages, like the configuration check.
 */
export async function demoLoginProblems(vars: Record<string, string | undefined> = process.env): Promise<string[]> {
  if (vars.NODE_ENV !== "production" || demoLoginsAllowed(vars)) return [];
  const emails = await publishedDemoLogins();
  if (emails.length === 0) return [];
  return [
    `Demo accounts with the published password exist (${emails.join(", ")}): change their passwords or delete them, ` +
      "or set ALLOW_DEMO_LOGINS=true for a deliberate public demo.",
  ];
}

/** Runs once at start-up: refuse to serve while published demo logins exist. */
export async function exitOnDemoLogins(vars: Record<string, string | undefined> = process.env) {
  let problems: string[];
  try {
    problems = await demoLoginProblems(vars);
  } catch (error) {
    // An unreachable database is reported by /api/health; the check runs again at the next start.
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "demo account check skipped: database unreachable",
        error: error instanceof Error ? error.name : "unknown",
      }),
    );
    return;
  }
  refuseToStartOn(problems);
}
