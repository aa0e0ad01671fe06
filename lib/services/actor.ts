import "server-only";
import type { PortalCustomer } from "@/lib/auth/portal-token";
import type { SessionUser } from "@/lib/schemas/session-user";
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

/** How the audit trail names the actor: an account by id and name, a portal customer by email. */
export function auditActor(actor: TicketActor): {
  actorId: string | null;
  actorType: "user" | "customer";
  actorLabel: string;
} {
  return actor.kind === "portal" || actor.kind === "email"
    ? { actorId: null, actorType: "customer", actorLabel: actor.customer.email }
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
