import { GET as list } from "@/app/api/tickets/route";
import { sessionCookie } from "./fixtures";
import { makeRequest, params } from "./request";

type User = { id: string; sessionVersion: number };

/** GET /api/tickets as a signed-in user: the status, the page (or `{ error }`) and the next page's cursor. */
export async function listTickets<Row = { ticketNumber: number }>(user: User, query: string) {
  const res = await list(
    makeRequest(`/api/tickets${query}`, { headers: { cookie: await sessionCookie(user) } }),
    params(),
  );
  return {
    status: res.status,
    body: (await res.json()) as Row[] & { error?: string },
    next: res.headers.get("x-next-cursor"),
  };
}

/** Every ticket number a query lists, in order, read two at a time through the cursor. */
export async function ticketNumbersPaged(user: User, query: string): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listTickets<{ ticketNumber: number }>>> = await listTickets(
      user,
      `${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(page.status).toBe(200);
    seen.push(...page.body.map((t) => t.ticketNumber));
    cursor = page.next;
  } while (cursor);
  return seen;
}
