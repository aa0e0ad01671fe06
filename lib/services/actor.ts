import "server-only";
import type { PortalCustomer } from "@/lib/auth/portal-token";
import type { SessionUser } from "@/lib/schemas/session-user";
import { SUPPORT_AUTHOR_NAME } from "@/lib/schemas/tickets";
import { isStaff } from "@/lib/services/tickets/access";

/**
 * Who acts on a ticket. Staff work for the organisation; a customer either signs in with an
 * end-user account or holds a portal access token. Each kind is named, so no rule hides
 * behind a missing user.
 */
export type StaffActor = { kind: "staff"; user: SessionUser };
export type EndUserActor = { kind: "end_user"; user: SessionUser };
export type PortalActor = { kind: "portal"; customer: PortalCustomer };
/**
 * A customer who wrote to a support address: known by the sender of the mail, nothing more, and
 * the support address the mail came to (for the rules that route by it).
 */
export type EmailActor = {
  kind: "email";
  customer: { organizationId: string; email: string; name: string };
  supportEmailId?: string | null;
};
export type CustomerActor = EndUserActor | PortalActor | EmailActor;
export type TicketActor = StaffActor | CustomerActor;

/** A signed-in caller: staff, or a customer with an end-user account. */
export function sessionActor(user: SessionUser): StaffActor | EndUserActor {
  return isStaff(user) ? { kind: "staff", user } : { kind: "end_user", user };
}

export function portalActor(customer: PortalCustomer): PortalActor {
  return { kind: "portal", customer };
}

export function organizationOf(actor: TicketActor): string {
  return actor.kind === "portal" || actor.kind === "email" ? actor.customer.organizationId : actor.user.organizationId;
}

export type HistoryActor = { actorId: string | null; actorType: "user" | "customer" | "api"; actorLabel: string };

/**
 * How history names a member of the team: an agent by their account's id and name; an API token,
 * which has no account, by its name (its writes are the integration's, not anybody's).
 */
export function staffAuthor(user: Pick<SessionUser, "id" | "fullName" | "apiToken">): HistoryActor {
  return user.apiToken
    ? { actorId: null, actorType: "api", actorLabel: user.apiToken.name }
    : { actorId: user.id, actorType: "user", actorLabel: user.fullName };
}

/**
 * Who a staff reply is by: an agent's account; for an API token, no account, so the thread
 * names the team (as it does a removed agent's reply) and only history names the token.
 */
export function replyAuthor(user: SessionUser): { authorEmail: string; authorId: string | null; authorName: string } {
  return user.apiToken
    ? { authorEmail: user.apiToken.name, authorId: null, authorName: SUPPORT_AUTHOR_NAME }
    : { authorEmail: user.email, authorId: user.id, authorName: user.fullName };
}

/** How the audit trail names the actor: as staffAuthor for the team, a customer by email. */
export function auditActor(actor: TicketActor): HistoryActor {
  return actor.kind === "portal" || actor.kind === "email"
    ? { actorId: null, actorType: "customer", actorLabel: actor.customer.email }
    : actor.kind === "staff"
      ? staffAuthor(actor.user)
      : { actorId: actor.user.id, actorType: "user", actorLabel: actor.user.fullName };
}

/**
 * The customer behind a customer actor: their tickets are the organisation's tickets with
 * their email. A portal customer has no account, so their name is the part of the email
 * before the at-sign.
 */
export function customerOf(actor: CustomerActor): {
  organizationId: string;
  email: string;
  name: string;
  userId: string | null;
} {
  if (actor.kind === "email") return { ...actor.customer, userId: null };
  if (actor.kind === "portal") {
    const { organizationId, email } = actor.customer;
    return { organizationId, email, name: email.split("@")[0]!.slice(0, 100), userId: null };
  }
  const { organizationId, email, fullName, id } = actor.user;
  return { organizationId, email, name: fullName, userId: id };
}
