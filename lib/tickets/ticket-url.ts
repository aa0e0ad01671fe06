import { VIEWS, type View } from "./views";

/** The queue a ticket link opens in when the sender does not know a better one. */
export const DEFAULT_TICKET_QUEUE: View = "all-open";

/**
 * The address of one ticket in the workspace: `/app?ticket=<number>#<queue>`. The ticket is
 * named by its number in the organisation (what agents say aloud and see in mail) and the hash
 * keeps the queue it was opened from, so the list beside it is the one the agent was working.
 * Give `origin` (the app's public URL) for a link that leaves the browser, e.g. in an email.
 */
export function ticketUrl(ticketNumber: number, queue: View = DEFAULT_TICKET_QUEUE, origin = ""): string {
  return `${origin.replace(/\/+$/, "")}/app?ticket=${ticketNumber}#${queue}`;
}

/** The ticket number a `?ticket=` value names, or null when it names none. */
export function parseTicketNumber(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export function isView(value: string): value is View {
  return (VIEWS as readonly string[]).includes(value);
}
