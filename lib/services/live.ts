import "server-only";
import { can } from "@/lib/permissions/table";
import { customerKey } from "@/lib/live/channel";
import { hub, type Audience } from "@/lib/live/hub";
import { listener } from "@/lib/server/live-listener";
import { openStream } from "@/lib/live/stream";
import { customerOf, type TicketActor } from "@/lib/services/actor";

/**
 * Who hears what on a live stream: staff their organisation's tickets (notes if they may
 * read them) and presence; a customer (account or portal) only their own tickets' changes
 * and public replies. Decided here once, applied by the hub to every notice.
 */
export function audienceOf(actor: TicketActor): Audience {
  if (actor.kind === "staff") {
    const { user } = actor;
    return {
      organizationId: user.organizationId,
      holder: `user:${user.id}`,
      staff: true,
      internalNotes: can(user, "tickets.internal_notes"),
      customerKey: null,
    };
  }
  const { organizationId, email, userId } = customerOf(actor);
  return {
    organizationId,
    holder: userId ? `user:${userId}` : `portal:${organizationId}:${email}`,
    staff: false,
    internalNotes: false,
    customerKey: customerKey(email),
  };
}

/**
 * The caller's event stream; `stillValid` re-checks their session while it stays open. The
 * first stream opens this process's LISTEN connection.
 */
export async function openEventStream(actor: TicketActor, signal: AbortSignal, stillValid: () => Promise<boolean>) {
  await listener.ensure();
  return openStream(audienceOf(actor), signal, stillValid);
}

/** This instance's streams and its LISTEN connection (Platform Administration, the events bench). */
export function liveStats() {
  // Only a process started with --expose-gc (the events bench) collects first, for comparable figures.
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  return {
    ...hub.stats(),
    listening: listener.connected,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
  };
}
