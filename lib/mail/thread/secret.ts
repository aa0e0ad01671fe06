import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/server/env";

/**
 * The key that signs reply and bounce tokens, derived from the deployment's session secret (one
 * secret to manage). Rotating NEXTAUTH_SECRET invalidates old tokens; replies and bounces still
 * find their mail through the stored Message-IDs.
 */
export function replyTokenSecret(): string {
  return createHmac("sha256", env.sessionSecret).update("ticketry mail reply tokens").digest("hex");
}
