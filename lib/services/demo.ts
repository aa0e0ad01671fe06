import "server-only";
import { db } from "@/lib/server/db";
import { DEMO_ACCOUNTS } from "@/lib/site/demo";

/** True when the seeded demo accounts exist (the login page then lists them). */
export async function hasDemoData(): Promise<boolean> {
  const count = await db.user.count({ where: { email: { in: DEMO_ACCOUNTS.map((a) => a.email) } } });
  return count > 0;
}
