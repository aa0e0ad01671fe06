import "server-only";
import { clear, hit, LIMITS, refund, remember, seen } from "@/lib/services/rate-limit";

/**
 * Sign-in throttles. Guessing is limited where the guesser is: per (account, address) and per
 * address. The account-wide limit stops guessing spread over many addresses, but it applies
 * only to addresses that have not signed in to this account lately, so a stranger can never
 * lock the owner out of the place they usually sign in from. A successful password reset
 * (proof of the mailbox) lifts the account-wide limit for new places too.
 */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

export const LOGIN_THROTTLED = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
export const LOGIN_ACCOUNT_THROTTLED =
  "Too many failed sign-in attempts on this account from new locations. Sign in from a device you have used before, reset your password, or try again later.";

const keys = (email: string, ip: string) => ({
  address: `login:ip:${ip}`,
  pair: `login:from:${ip}:for:${email}`,
  account: `login:account:${email}`,
  known: `login:known:${ip}:for:${email}`,
});

/** Counts one sign-in attempt; 429 with a message the sign-in form shows when one is too many. */
export async function countLoginAttempt(email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await countAddressLoginAttempt(ip);
  await hit(k.pair, LIMITS.loginPerAccountAndAddress, LOGIN_THROTTLED);
  if (!(await seen(k.known))) await hit(k.account, LIMITS.loginPerAccount, LOGIN_ACCOUNT_THROTTLED);
}

/** An attempt that names no account (a passkey nobody has): it counts against its address only. */
export async function countAddressLoginAttempt(ip: string): Promise<void> {
  await hit(keys("", ip).address, LIMITS.loginPerAddress, LOGIN_THROTTLED);
}

/**
 * A successful sign-in: this address is now a known place for the account, and the attempt is
 * given back to the account-wide count, which counts failures only (a team whose admin signs in
 * from many new places, or a test run from many addresses, is not "too many failed attempts").
 */
export async function loginSucceeded(email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await clear(k.pair);
  if (!(await seen(k.known))) await refund(k.account);
  await remember(k.known, KNOWN_ADDRESS_MS);
}

/**
 * The password was right and the second factor's code is asked for: not a failed guess, so the
 * account-wide count is given the attempt back (the code's own attempt counts as usual).
 */
export async function loginAwaitsCode(email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  if (!(await seen(k.known))) await refund(k.account);
}

/** The owner proved their mailbox: new places may sign in again at once. */
export async function liftAccountLoginLimit(email: string): Promise<void> {
  await clear(keys(email, "").account);
}
