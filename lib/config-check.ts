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
  return problems;
}
