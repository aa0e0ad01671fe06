import "server-only";
import pg from "pg";
import { env } from "@/lib/server/env";
import type { SessionUserCache } from "@/lib/auth/session-user-cache";
import {
  LIVE_CHANNEL,
  parseNotice,
  parseRemoval,
  parseTokenNotice,
  RULES_CHANNEL,
  TOKEN_CHANNEL,
  USER_CHANNEL,
} from "./channel";
import type { HeardCache } from "./heard-cache";
import type { hub } from "./hub";

/**
 * What a listener keeps true: the session user cache (user changes), the live streams (ticket
 * notices), the organisations' queue counts (ticket changes and removals), what each organisation
 * has set up (rule, policy, calendar, field, webhook and plan changes) and the API's known tokens
 * and client addresses.
 */
export type Heard = {
  users: SessionUserCache;
  events: Pick<typeof hub, "dispatch" | "resyncAll">;
  counts: HeardCache<unknown>;
  /**
   * Caches keyed by organisation and announced on the rules' channel: its active automation
   * rules, SLA setup, webhook endpoints and custom field definitions.
   */
  setups?: HeardCache<unknown>[];
  /** API tokens by secret hash (token changes; any plan change, as the plan decides whether a token works). */
  apiTokens?: HeardCache<unknown>;
  /** Client addresses with no failures refusing them (a failure heard forgets its address). */
  apiAddresses?: HeardCache<unknown>;
};

/** Every cache a listener keeps, for what happens to all of them at once. */
const cachesOf = (heard: Heard): HeardCache<unknown>[] => [
  heard.users,
  heard.counts,
  ...(heard.setups ?? []),
  ...(heard.apiTokens ? [heard.apiTokens] : []),
  ...(heard.apiAddresses ? [heard.apiAddresses] : []),
];

const RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * The one LISTEN connection of this process, opened when the first stream opens or the first
 * session is checked. A lost connection is reopened with backoff; once back, every stream is
 * told to refetch, since notices sent meanwhile are gone. It also hears user changes
 * (USER_CHANNEL): the session user cache answers only while this connection listens, and is
 * emptied the moment it is lost. The organisations' queue counts are kept the same way, by the
 * ticket changes and removals heard on the live channel.
 */
export class Listener {
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private attempt = 0;
  private lost = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  connected = false;

  /**
   * This process's one is made in lib/server/live-listener.ts; a second listener with its own
   * caches and hub stands for another process in the tests (`connectionString`: its own way to
   * the database, which a test can cut).
   */
  constructor(
    private readonly heard: Heard,
    private readonly connectionString?: string,
  ) {}

  /** The database server's process id of the listening connection (the tests cut it). */
  get backendPid(): number | null {
    return (this.client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
  }

  ensure(): Promise<void> {
    this.stopped = false;
    if (this.client || this.retryTimer) return Promise.resolve();
    return (this.starting ??= this.connect().finally(() => (this.starting = null)));
  }

  private async connect() {
    // Keep-alive probes notice a connection that died without a word (a dropped network path).
    const client = new pg.Client({
      connectionString: this.connectionString ?? env.databaseUrl,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    client.on("notification", (message) => {
      if (message.channel === USER_CHANNEL) {
        if (message.payload) this.heard.users.forget(message.payload);
        return;
      }
      if (message.channel === RULES_CHANNEL) {
        if (message.payload) for (const cache of this.heard.setups ?? []) cache.forget(message.payload);
        // Tokens are kept by their secret, not their organisation: a plan change forgets them all.
        this.heard.apiTokens?.forgetAll();
        return;
      }
      if (message.channel === TOKEN_CHANNEL) {
        const notice = parseTokenNotice(message.payload);
        if (notice && "token" in notice) this.heard.apiTokens?.forget(notice.token);
        if (notice && "address" in notice) this.heard.apiAddresses?.forget(notice.address);
        return;
      }
      if (message.channel !== LIVE_CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (notice) {
        if (notice.k === "ticket") this.heard.counts.forget(notice.o);
        this.heard.events.dispatch(notice);
        return;
      }
      const removal = parseRemoval(message.payload);
      if (removal) {
        if (removal.o) this.heard.counts.forget(removal.o);
        else this.heard.counts.forgetAll();
      }
    });
    client.on("error", () => this.drop(client));
    client.on("end", () => this.drop(client));
    try {
      await client.connect();
      await client.query(
        `LISTEN ${LIVE_CHANNEL}; LISTEN ${USER_CHANNEL}; LISTEN ${RULES_CHANNEL}; LISTEN ${TOKEN_CHANNEL}`,
      );
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
    for (const cache of cachesOf(this.heard)) cache.listening();
    if (this.lost) {
      this.lost = false;
      this.heard.events.resyncAll();
    }
  }

  private drop(client: pg.Client) {
    // A connection already replaced by a newer one (its late "end") changes nothing.
    if (this.client && this.client !== client) return;
    // Before anything else: from here on a change may go unheard.
    for (const cache of cachesOf(this.heard)) cache.lost();
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
    for (const cache of cachesOf(this.heard)) cache.lost();
    if (client) {
      client.removeAllListeners();
      client.on("error", () => {});
      await client.end().catch(() => {});
    }
  }
}
