import "server-only";
import { AppError } from "@/lib/errors";
import type { LiveNotice } from "./channel";

/**
 * Who a stream belongs to and so what it may hear. Staff hear their organisation's tickets
 * (internal notes only with `internalNotes`) and presence; a customer (end-user account or
 * portal session) hears only the tickets whose customer key is theirs, never notes or presence.
 */
export type Audience = {
  organizationId: string;
  /** Counts this caller's streams: a user id, or the portal's organisation and email. */
  holder: string;
  staff: boolean;
  internalNotes: boolean;
  customerKey: string | null;
};

/** What the browser receives: event name and ids. */
export type LiveEvent =
  | { event: "ticket"; data: { ticketId: string; version: number } }
  | { event: "reply"; data: { ticketId: string; replyId: string } }
  | { event: "presence"; data: { ticketId: string } }
  | { event: "resync"; data: Record<string, never> };

export type Subscriber = { audience: Audience; send: (event: LiveEvent) => void };

export const LIVE_LIMITS = {
  /** Open tabs of one person on one instance. */
  perHolder: Number(process.env.LIVE_MAX_STREAMS_PER_USER ?? 10),
  /** Streams one instance keeps open (each costs a socket and a little memory). */
  perInstance: Number(process.env.LIVE_MAX_STREAMS ?? 5000),
};

/** The notice as this audience may see it, or null when it is none of their business. */
export function eventFor(audience: Audience, notice: LiveNotice): LiveEvent | null {
  if (notice.o !== audience.organizationId) return null;
  if (!audience.staff && (notice.k === "presence" || notice.c !== audience.customerKey)) return null;
  switch (notice.k) {
    case "ticket":
      return { event: "ticket", data: { ticketId: notice.t, version: notice.v } };
    case "reply":
      if (notice.i && !(audience.staff && audience.internalNotes)) return null;
      return { event: "reply", data: { ticketId: notice.t, replyId: notice.r } };
    case "presence":
      return { event: "presence", data: { ticketId: notice.t } };
  }
}

/**
 * The open streams of this process, by organisation: a notice is offered only to its own
 * organisation's streams, so one tenant's traffic costs other tenants nothing.
 */
class Hub {
  private byOrganization = new Map<string, Set<Subscriber>>();
  private byHolder = new Map<string, number>();
  private total = 0;
  /** The most streams this process held at once (reported by the bench). */
  peak = 0;

  add(subscriber: Subscriber): () => void {
    const { organizationId, holder } = subscriber.audience;
    const held = this.byHolder.get(holder) ?? 0;
    if (held >= LIVE_LIMITS.perHolder)
      throw new AppError("too_many_streams", "Too many open tabs. Close some and reload this one.", {
        retryAfterSeconds: 30,
      });
    if (this.total >= LIVE_LIMITS.perInstance)
      throw new AppError("too_many_streams", "Live updates are busy right now. Please reload shortly.", {
        retryAfterSeconds: 10,
      });
    let set = this.byOrganization.get(organizationId);
    if (!set) this.byOrganization.set(organizationId, (set = new Set()));
    set.add(subscriber);
    this.byHolder.set(holder, held + 1);
    this.total += 1;
    this.peak = Math.max(this.peak, this.total);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      set.delete(subscriber);
      if (set.size === 0 && this.byOrganization.get(organizationId) === set) this.byOrganization.delete(organizationId);
      const left = (this.byHolder.get(holder) ?? 1) - 1;
      if (left > 0) this.byHolder.set(holder, left);
      else this.byHolder.delete(holder);
      this.total -= 1;
    };
  }

  dispatch(notice: LiveNotice) {
    const set = this.byOrganization.get(notice.o);
    if (!set) return;
    for (const subscriber of set) {
      const event = eventFor(subscriber.audience, notice);
      if (event) subscriber.send(event);
    }
  }

  /** After the listening connection was lost: events may have been missed, every tab refetches. */
  resyncAll() {
    for (const set of this.byOrganization.values())
      for (const subscriber of set) subscriber.send({ event: "resync", data: {} });
  }

  stats() {
    return {
      streams: this.total,
      peakStreams: this.peak,
      organizations: this.byOrganization.size,
      holders: this.byHolder.size,
    };
  }
}

const globalForHub = globalThis as unknown as { ticketryLiveHub?: Hub };
/** One hub per process (kept across hot reloads in development). */
export const hub = (globalForHub.ticketryLiveHub ??= new Hub());
