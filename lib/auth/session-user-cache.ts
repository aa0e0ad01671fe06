import { HeardCache } from "@/lib/live/heard-cache";
import type { SessionUser } from "@/lib/schemas/session-user";

/** Users kept per process: a few MB at most, far more than one process serves at once. */
const DEFAULT_MAX_USERS = 10_000;

/**
 * The signed-in users this process has read, so that an API call need not read its user from
 * the database again; kept true by the user changes the LISTEN connection hears (see HeardCache).
 */
export class SessionUserCache extends HeardCache<SessionUser> {
  constructor(maxUsers = DEFAULT_MAX_USERS) {
    super(maxUsers);
  }

  /** Keeps a user read after `begin`, unless they were forgotten since. */
  store(ticket: number | null, user: SessionUser) {
    // Shared by every request of this user: frozen, so no caller can change it for the others.
    this.keep(ticket, user.id, Object.freeze({ ...user }));
  }
}
