import "server-only";
import { createHash } from "node:crypto";

/** The one NOTIFY channel of live updates (the triggers in the live_updates migration write to it). */
export const LIVE_CHANNEL = "ticketry_events";

/**
 * The NOTIFY channel of user changes that matter to a session (the session_user_changes
 * migration's trigger): the payload is the user's id. Heard on the same connection.
 */
export const USER_CHANNEL = "ticketry_users";

/**
 * The NOTIFY channel of changes to an organisation's automation rules or plan (the
 * automation_changes migration's triggers): the payload is the organisation's id.
 */
export const RULES_CHANNEL = "ticketry_rules";

/**
 * The NOTIFY channel of the public API's callers (lib/services/api-tokens/authenticate.ts): "t:"
 * and a token's secret hash when the token is revoked, changed or deleted (the api_token_changes
 * migration's trigger), "a:" and a client address when a call from it failed (its failures may
 * now refuse it).
 */
export const TOKEN_CHANNEL = "ticketry_tokens";

/** A notice of the tokens' channel as the database sent it, or null for anything else. */
export function parseTokenNotice(payload: string | undefined): { token: string } | { address: string } | null {
  if (payload?.startsWith("t:")) return { token: payload.slice(2) };
  if (payload?.startsWith("a:")) return { address: payload.slice(2) };
  return null;
}

/**
 * What a NOTIFY carries: ids only. `o` the organisation, `t` the ticket, `c` a short hash of
 * the ticket's customer address (which customer's stream may hear it), `v` the ticket's new
 * version, `r` a reply and `i` whether that reply is an internal note.
 */
export type LiveNotice =
  | { k: "ticket"; o: string; t: string; v: number; c: string }
  | { k: "reply"; o: string; t: string; r: string; i: boolean; c: string }
  | { k: "presence"; o: string; t: string };

/** The same key the triggers compute: left(md5(lower(email)), 16). */
export function customerKey(email: string): string {
  return createHash("md5").update(email.toLowerCase()).digest("hex").slice(0, 16);
}

/**
 * Tickets were deleted (`o` their organisation) or the table emptied (no `o`): nothing the
 * live streams show, but what the queue counts kept in memory must forget.
 */
export type RemovalNotice = { k: "removed"; o?: string };

/** A removal as the database sent it, or null for anything else on the channel. */
export function parseRemoval(payload: string | undefined): RemovalNotice | null {
  try {
    const notice = JSON.parse(payload ?? "") as Partial<RemovalNotice> | null;
    if (notice?.k === "removed" && (notice.o === undefined || typeof notice.o === "string"))
      return notice as RemovalNotice;
  } catch {
    // Not ours: ignored.
  }
  return null;
}

/** A notice as the database sent it, or null for anything else on the channel. */
export function parseNotice(payload: string | undefined): LiveNotice | null {
  if (!payload) return null;
  try {
    const notice = JSON.parse(payload) as Partial<LiveNotice> | null;
    if (!notice || typeof notice.o !== "string" || typeof notice.t !== "string") return null;
    if (notice.k === "ticket" || notice.k === "reply" || notice.k === "presence") return notice as LiveNotice;
  } catch {
    // Not ours: ignored.
  }
  return null;
}
