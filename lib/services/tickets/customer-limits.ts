import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { conflict } from "@/lib/errors";
import { OPEN_STATUSES } from "@/lib/tickets/fields";
import { customerOf, type CustomerActor } from "@/lib/services/actor";
import { hit, type Limit } from "@/lib/services/rate-limit";

/**
 * How fast customers (portal or end-user account) may open tickets. A customer's tickets never
 * use up the plan's allowance (the team's own tickets do), so these throttles and the cap on
 * open tickets are what bound a flood: per sign-in, per customer email, per client address, and
 * for all customers of one organisation together. None of them applies to the team.
 */
export const CUSTOMER_TICKET_LIMITS = {
  perSession: { limit: 10, windowMs: 10 * 60_000 },
  perEmail: { limit: 30, windowMs: 60 * 60_000 },
  perAddress: { limit: 30, windowMs: 60 * 60_000 },
  perOrganization: { limit: 300, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** A customer waits for answers before opening more than this many tickets at once. */
export const MAX_OPEN_TICKETS_PER_CUSTOMER = 20;

export const OPEN_TICKET_CAP_MESSAGE = `You already have ${MAX_OPEN_TICKETS_PER_CUSTOMER} open tickets. Please wait for our team to answer them, or reply on one of them, before opening another.`;

/** Counts one customer ticket against every throttle; 429 with Retry-After past any of them. */
export async function throttleCustomerTicket(actor: CustomerActor, ip: string): Promise<void> {
  const { organizationId, email } = customerOf(actor);
  // Mail has no sign-in, and its client address is the sender's mail server, not the customer.
  if (actor.kind !== "email") {
    const session = actor.kind === "portal" ? `portal:${actor.customer.sessionId}` : `user:${actor.user.id}`;
    await hit(`customer-ticket:session:${session}`, CUSTOMER_TICKET_LIMITS.perSession);
    await hit(`customer-ticket:ip:${ip}`, CUSTOMER_TICKET_LIMITS.perAddress);
  }
  await hit(`customer-ticket:email:${organizationId}:${email}`, CUSTOMER_TICKET_LIMITS.perEmail);
  await hit(`customer-ticket:org:${organizationId}`, CUSTOMER_TICKET_LIMITS.perOrganization);
}

/** Inside the creating transaction (organisation row locked): refuses past the open-ticket cap. */
export async function assertOpenTicketRoom(tx: Prisma.TransactionClient, actor: CustomerActor): Promise<void> {
  const { organizationId, email } = customerOf(actor);
  const open = await tx.ticket.count({
    where: { organizationId, customerEmail: email, status: { in: OPEN_STATUSES } },
  });
  if (open >= MAX_OPEN_TICKETS_PER_CUSTOMER) throw conflict(OPEN_TICKET_CAP_MESSAGE);
}
