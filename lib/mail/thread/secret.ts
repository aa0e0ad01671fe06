import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/server/env";

/**
 * The key that signs reply tokens, derived from the deployment's session secret (one secret to
 * manage). Rotating NEXTAUTH_SECRET invalidates old tokens; replies still thread through the
 * stored Message-IDs.
 */
export function replyTokenSecret(): string {
  return createHmac("sha256", env.sessionSecret).update("ticketry mail reply tokens").digest("hex");
}
