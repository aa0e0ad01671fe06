import "server-only";
import { SessionUserCache } from "./session-user-cache";

const globalForSessionUsers = globalThis as unknown as { ticketrySessionUsers?: SessionUserCache };

/**
 * This process's session user cache (kept across hot reloads in development), filled by session
 * checks and kept true by the LISTEN connection (lib/live/listener.ts). SESSION_USER_CACHE_SIZE
 * bounds it; 0 turns it off (every request reads its user from the database).
 */
export const sessionUsers = (globalForSessionUsers.ticketrySessionUsers ??= new SessionUserCache(
  Number(process.env.SESSION_USER_CACHE_SIZE ?? 10_000),
));
