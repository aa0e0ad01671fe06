/**
 * How often an open ticket tells the others its agent is still there (server: PRESENCE_TTL_MS).
 * Apart from the presence schema so the workspace's first load carries no validation library.
 */
export const PRESENCE_HEARTBEAT_MS = 10_000;
