import "server-only";
import pg from "pg";
import { env } from "@/lib/server/env";
import { LIVE_CHANNEL, parseNotice } from "./channel";
import { hub } from "./hub";

const RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * The one LISTEN connection of this process, opened when the first stream opens (a process
 * that never serves a stream never holds it). A lost connection is reopened with backoff;
 * once back, every stream is told to refetch, since notices sent meanwhile are gone.
 */
class Listener {
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private attempt = 0;
  private lost = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  connected = false;

  ensure(): Promise<void> {
    this.stopped = false;
    if (this.client || this.retryTimer) return Promise.resolve();
    return (this.starting ??= this.connect().finally(() => (this.starting = null)));
  }

  private async connect() {
    const client = new pg.Client({ connectionString: env.databaseUrl, connectionTimeoutMillis: 5000 });
    client.on("notification", (message) => {
      if (message.channel !== LIVE_CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (notice) hub.dispatch(notice);
    });
    client.on("error", () => this.drop(client));
    client.on("end", () => this.drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch {
      this.drop(client);
      return;
    }
    if (this.stopped) {
      client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.connected = true;
    this.attempt = 0;
    if (this.lost) {
      this.lost = false;
      hub.resyncAll();
    }
  }

  private drop(client: pg.Client) {
    client.removeAllListeners("notification");
    client.end().catch(() => {});
    if (this.client === client) this.client = null;
    this.connected = false;
    this.lost = true;
    if (this.retryTimer || this.stopped) return;
    const delay = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)]!;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.ensure();
    }, delay);
    this.retryTimer.unref();
  }

  /** Closes the connection for good (a test's teardown); the next stream opens it again. */
  async stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    this.connected = false;
    this.lost = false;
    if (client) {
      client.removeAllListeners();
      client.on("error", () => {});
      await client.end().catch(() => {});
    }
  }
}

const globalForListener = globalThis as unknown as { ticketryLiveListener?: Listener };
export const listener = (globalForListener.ticketryLiveListener ??= new Listener());
