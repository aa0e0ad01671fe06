import "server-only";

/** The columns of a polled mailbox the API may show: never the sealed password or the UID cursor. */
export const IMAP_STATUS_SELECT = {
  host: true,
  port: true,
  security: true,
  username: true,
  folder: true,
  lastPolledAt: true,
  lastError: true,
  nextPollAt: true,
} as const;
