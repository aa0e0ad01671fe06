import { HeardCache } from "@/lib/live/heard-cache";
import type { SessionRecord } from "@/lib/schemas/session-record";
import type { SessionUser } from "@/lib/schemas/session-user";

/** Users kept per process: a few MB at most, far more than one process serves at once. */
const DEFAULT_MAX_USERS = 10_000;

/**
 * The signed-in users this process has read, so that an API call need not read its user from
 * the database again; kept true by the user changes the LISTEN connection hears (see HeardCache).
 * Their live sessions are kept beside them, heard on the same channel (a session's id is its
 * notice): one listening connection keeps both, and losing it forgets both.
 */
export class SessionUserCache extends HeardCache<SessionUser> {
  readonly sessions: HeardCache<SessionRecord>;

  constructor(maxUsers = DEFAULT_MAX_USERS) {
    super(maxUsers);
    this.sessions = new HeardCache<SessionRecord>(maxUsers);
  }

  /** Keeps a user read after `begin`, unless they were forgotten since. */
  store(ticket: number | null, user: SessionUser) {
    // Shared by every request of this user: frozen, so no caller can change it for the others.
    this.keep(ticket, user.id, Object.freeze({ ...user }));
  }

  /** A user's or a session's id was heard (ids never clash): whichever it names is read again. */
  override forget(key: string) {
    super.forget(key);
    this.sessions.forget(key);
  }

  override forgetAll() {
    super.forgetAll();
    this.sessions.forgetAll();
  }

  override listening() {
    super.listening();
    this.sessions.listening();
  }

  override lost() {
    super.lost();
    this.sessions.lost();
  }
}
