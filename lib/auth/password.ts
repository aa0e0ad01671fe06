import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { tooManyRequests } from "@/lib/errors";
import { semaphore } from "@/lib/server/semaphore";

/**
 * argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
 * @node-rs/argon2 defaults to argon2id; the variant is recorded in the PHC string.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each argon2 job keeps a core busy for tens of milliseconds: a burst of sign-ins, resets or
 * invitation accepts queues for at most half the machine's cores, so the other half keeps
 * serving every other request (health checks, ticket work).
 */
export const ARGON2_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
/** Past this many waiting, a password request is turned away at once (429) instead of queueing for seconds. */
export const ARGON2_MAX_WAITING = 100;
const argon2Slot = semaphore(ARGON2_CONCURRENCY, {
  maxWaiting: ARGON2_MAX_WAITING,
  whenFull: () => tooManyRequests(1, "The server is busy. Please try again in a moment."),
});

export function hashPassword(password: string): Promise<string> {
  return argon2Slot(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password or a malformed hash; a full queue still fails with 429. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return argon2Slot(() => verify(passwordHash, password).catch(() => false));
}
