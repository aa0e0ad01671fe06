import type { SessionUser } from "./session";

/** Users kept per process: a few MB at most, far more than one process serves at once. */
const DEFAULT_MAX_USERS = 10_000;

/**
 * The signed-in users this process has read, so that an API call need not read its user from
 * the database again. It is only as good as the notifications that keep it true: it answers
 * only while the process is listening for user changes (`listening()`), forgets a user the
 * moment a change of theirs is heard (`forget`), and forgets everyone and stands aside as soon
 * as the listening connection is lost (`lost()`), since changes made meanwhile go unheard.
 *
 * A read that started before a change and finishes after it was heard must not put the old user
 * back: each read takes a ticket (`begin`) before asking the database, and `store` refuses the
 * row when the user was forgotten, or the listening connection lost, after that ticket.
 */
export class SessionUserCache {
  private users = new Map<string, SessionUser>();
  /** Counts every forget and every loss of the listening connection. */
  private seq = 0;
  /** At which count each user was last forgotten (bounded: see `forget`). */
  private forgottenAt = new Map<string, number>();
  /** A read that began before this count may not store (connection lost or forget list trimmed). */
  private floor = 0;
  private active = false;

  constructor(private readonly maxUsers = DEFAULT_MAX_USERS) {}

  /** Whether the cache answers at all (only while the process hears every user change). */
  get isActive() {
    return this.active;
  }

  get size() {
    return this.users.size;
  }

  /** The user as last read, or undefined: read them from the database (and `store` them). */
  get(id: string): SessionUser | undefined {
    if (!this.active) return undefined;
    const user = this.users.get(id);
    if (user) {
      // Least recently used goes first when full: a Map iterates in insertion order.
      this.users.delete(id);
      this.users.set(id, user);
    }
    return user;
  }

  /** Whether the user is held (for the tests: unlike `get`, it does not count as a use). */
  has(id: string): boolean {
    return this.users.has(id);
  }

  /** Taken just before reading a user from the database; null while the cache stands aside. */
  begin(): number | null {
    return this.active ? this.seq : null;
  }

  /** Keeps a user read after `begin`, unless anything that could make the row stale happened since. */
  store(ticket: number | null, user: SessionUser) {
    if (ticket === null || !this.active || ticket < this.floor || this.maxUsers <= 0) return;
    if ((this.forgottenAt.get(user.id) ?? -1) > ticket) return;
    this.users.delete(user.id);
    if (this.users.size >= this.maxUsers) this.users.delete(this.users.keys().next().value!);
    // Shared by every request of this user: frozen, so no caller can change it for the others.
    this.users.set(user.id, Object.freeze({ ...user }));
  }

  /** A change of this user was heard (or made by this process): the next request reads them again. */
  forget(id: string) {
    this.seq += 1;
    this.users.delete(id);
    this.forgottenAt.set(id, this.seq);
    if (this.forgottenAt.size > this.maxUsers) {
      // Refusing every read in flight is always safe; it keeps this list bounded.
      this.forgottenAt.clear();
      this.floor = this.seq + 1;
      this.seq += 1;
    }
  }

  /** The process listens for user changes (again): from now on the cache may answer. */
  listening() {
    this.seq += 1;
    this.floor = this.seq;
    this.active = true;
  }

  /** The listening connection is gone: changes may go unheard, so nothing kept can be trusted. */
  lost() {
    this.active = false;
    this.users.clear();
    this.forgottenAt.clear();
    this.seq += 1;
    this.floor = this.seq + 1;
  }
}
