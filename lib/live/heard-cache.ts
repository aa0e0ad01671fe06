/**
 * Values this process has read from the database, kept only as long as the notifications it
 * hears keep them true: it answers only while the process listens (`listening()`), forgets a key
 * the moment a change of it is heard or made here (`forget`), forgets everything when told of a
 * change it cannot place (`forgetAll`), and forgets everything and stands aside as soon as the
 * listening connection is lost (`lost()`), since changes made meanwhile go unheard.
 *
 * A read that started before a change and finishes after it was heard must not put the old value
 * back: each read takes a ticket (`begin`) before asking the database, and `keep` refuses the
 * value when its key was forgotten, or everything was, after that ticket.
 *
 * At most `maxEntries` values are kept, the least recently used going first.
 */
export class HeardCache<V> {
  private entries = new Map<string, V>();
  /** Counts every forget and every loss of the listening connection. */
  private seq = 0;
  /** At which count each key was last forgotten (bounded: see `forget`). */
  private forgottenAt = new Map<string, number>();
  /** A read that began before this count may not keep its value. */
  private floor = 0;
  private active = false;

  constructor(private readonly maxEntries: number) {}

  /** Whether the cache answers at all (only while the process hears every change). */
  get isActive() {
    return this.active;
  }

  get size() {
    return this.entries.size;
  }

  /** The value as last read, or undefined: read it from the database (and `keep` it). */
  get(key: string): V | undefined {
    if (!this.active) return undefined;
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Least recently used goes first when full: a Map iterates in insertion order.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Whether the key is held (for the tests: unlike `get`, it does not count as a use). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Taken just before reading from the database; null while the cache stands aside. */
  begin(): number | null {
    return this.active ? this.seq : null;
  }

  /** Keeps a value read after `begin`, unless anything that could make it stale happened since. */
  keep(ticket: number | null, key: string, value: V) {
    if (ticket === null || !this.active || ticket < this.floor || this.maxEntries <= 0) return;
    if ((this.forgottenAt.get(key) ?? -1) > ticket) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  /** A change of this key was heard (or made by this process): the next request reads it again. */
  forget(key: string) {
    this.seq += 1;
    this.entries.delete(key);
    this.forgottenAt.set(key, this.seq);
    // Refusing every read in flight is always safe; it keeps this list bounded.
    if (this.forgottenAt.size > this.maxEntries) this.refuseReadsInFlight();
  }

  /** A change was heard that may touch any key. */
  forgetAll() {
    this.entries.clear();
    this.refuseReadsInFlight();
  }

  private refuseReadsInFlight() {
    this.forgottenAt.clear();
    this.seq += 1;
    this.floor = this.seq;
  }

  /** The process listens for changes (again): from now on the cache may answer. */
  listening() {
    this.seq += 1;
    this.floor = this.seq;
    this.active = true;
  }

  /** The listening connection is gone: changes may go unheard, so nothing kept can be trusted. */
  lost() {
    this.active = false;
    this.forgetAll();
  }
}
