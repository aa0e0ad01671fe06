import type { Prisma } from "@/generated/prisma/client";
import { GET as list, POST as create } from "@/app/api/tickets/route";
import { db } from "./db";
import { sessionCookie } from "./fixtures";
import { makeRequest, params, readJson } from "./request";

type User = { id: string; sessionVersion: number };

/** POST /api/tickets as a signed-in user (a subject and description unless `body` gives them): status and body. */
export async function postTicket(user: User, body: Record<string, unknown>, cookie?: string) {
  return readJson(
    await create(
      makeRequest("/api/tickets", {
        method: "POST",
        body: { subject: "Help", description: "Please", ...body },
        headers: { cookie: cookie ?? (await sessionCookie(user)) },
      }),
      params(),
    ),
  );
}

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

/** Every ticket number a query lists, in order, read `limit` (two unless given) at a time through the cursor. */
export async function ticketNumbersPaged(user: User, query: string, limit = 2): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listTickets<{ ticketNumber: number }>>> = await listTickets(
      user,
      `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(page.status).toBe(200);
    seen.push(...page.body.map((t) => t.ticketNumber));
    cursor = page.next;
  } while (cursor);
  return seen;
}

const HOUR = 3_600_000;

/** A ticket for a search to find: number, subject, description, customer name, customer email. */
export type SearchableTicket = readonly [number, string, string, string, string];

/**
 * Writes `rows` into the organisation, ticket n created 10 - n hours before `now` (a higher number
 * is newer), due in an hour and in two days; `extra` sets more fields of ticket n.
 */
export async function createSearchableTickets(
  organizationId: string,
  rows: readonly SearchableTicket[],
  now: number,
  extra: (n: number, createdAt: Date) => Partial<Prisma.TicketUncheckedCreateInput> = () => ({}),
) {
  for (const [n, subject, description, customerName, customerEmail] of rows) {
    const createdAt = new Date(now - (10 - n) * HOUR);
    await db.ticket.create({
      data: {
        organizationId,
        ticketNumber: n,
        subject,
        description,
        customerName,
        customerEmail,
        firstResponseDueAt: new Date(createdAt.getTime() + HOUR),
        resolutionDueAt: new Date(createdAt.getTime() + 48 * HOUR),
        slaRiskAt: new Date(createdAt.getTime() + HOUR),
        createdAt,
        updatedAt: createdAt,
        ...extra(n, createdAt),
      },
    });
  }
}
