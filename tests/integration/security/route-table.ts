import { randomUUID } from "node:crypto";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { signedInboundMail } from "../helpers/inbound-webhook";
import { PASSWORD } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { slaPolicyRow, slaTargets } from "../sla/policy-rows";
import { uuidv7 } from "@/lib/server/ids";
import { seal } from "@/lib/server/secret-box";
import { sealContext } from "@/lib/services/webhooks/endpoints";
import { newWebhookSecret } from "@/lib/webhooks/sign";
import type { Tenant } from "./world";
import { ROLES, type CallContext, type RouteEntry } from "./route-types";
import { KB_ROUTES } from "./routes/kb";
import { HELP_CENTER_ROUTES } from "./routes/help-center";
import { FIELD_ROUTES } from "./routes/fields";
import { MERGE_ROUTES } from "./routes/merge";
import { API_V1_RELATION_ROUTES } from "./routes/api-v1-relations";
import { PORTAL_FILE_ROUTES } from "./routes/portal-files";
import { UPLOAD_ROUTES } from "./routes/uploads";
import { COMPANY_ROUTES } from "./routes/companies";
import { VIEW_ROUTES } from "./routes/views";
import { REPORT_ROUTES } from "./routes/reports";
import { SIGN_IN_SECURITY_ROUTES } from "./routes/sign-in-security";
import { PASSKEY_ROUTES } from "./routes/passkeys";
import { SSO_ROUTES } from "./routes/sso";

export * from "./route-types";

const email = (ctx: CallContext, what: string) => `${what}-${ctx.unique}@example.test`;
/** API tokens are Enterprise's; the world's organisations start on Pro, so the caller's moves up. */
const onEnterprise = (tenant: Tenant) =>
  db.organization.update({ where: { id: tenant.org.id }, data: { plan: "enterprise" } });

/**
 * A webhook endpoint of the target organisation, the caller's own moved up to Enterprise (webhooks
 * are its). Its event is one the calls here do not cause, so the tickets they create queue no
 * deliveries; the test and resend calls do, to a public IP written out (a documentation range),
 * so none waits on a name lookup: a lookup that times out holds one of the few threads that
 * password hashing runs on too, and sign-ins elsewhere in the run waited past their timeout.
 */
async function webhookEndpointRow(ctx: CallContext) {
  await onEnterprise(ctx.home);
  const id = uuidv7();
  return db.webhookEndpoint.create({
    data: {
      id,
      organizationId: ctx.target.org.id,
      url: `https://203.0.113.10/${ctx.unique}`,
      events: ["ticket.rating_received"],
      secret: seal(newWebhookSecret(), sealContext(id)),
    },
  });
}

/** An unconfirmed support address of the target organisation, for calls that use one up. */
const freshSupportEmail = (ctx: CallContext) =>
  db.supportEmail.create({
    data: { organizationId: ctx.target.org.id, email: email(ctx, "support"), displayName: "Support" },
  });

/** The target organisation's default calendar (the 24/7 one every organisation starts with). */
const defaultCalendar = (target: Tenant) =>
  db.businessCalendar.findFirstOrThrow({ where: { organizationId: target.org.id, isDefault: true } });

/** A calendar of the target organisation that is not the default and that no policy uses. */
const freshCalendar = (target: Tenant, unique: string) =>
  db.businessCalendar.create({
    data: {
      organizationId: target.org.id,
      name: `Calendar ${unique}`,
      nameKey: `calendar ${unique}`.toLowerCase(),
      timeZone: "UTC",
      hours: { mon: [["09:00", "17:00"]] },
    },
  });

export const ROUTE_TABLE: RouteEntry[] = [
  // Accounts and sessions
  { route: "/api/auth/check", method: "GET", access: "public", call: () => ({}) },
  {
    route: "/api/login",
    method: "POST",
    access: "public",
    call: ({ home }) => ({ body: { email: home.users.end_user.email, password: PASSWORD } }),
  },
  { route: "/api/logout", method: "POST", access: "public", call: () => ({}) },
  {
    route: "/api/register",
    method: "POST",
    access: "public",
    ok: 201,
    call: (ctx) => ({
      body: {
        email: email(ctx, "founder"),
        password: "founder-password",
        fullName: "Founder",
        companyName: `Co ${ctx.unique}`,
      },
    }),
  },
  {
    route: "/api/auth/forgot-password",
    method: "POST",
    access: "public",
    call: ({ home }) => ({ body: { email: home.users.agent.email } }),
  },
  {
    route: "/api/auth/reset-password",
    method: "POST",
    access: "public",
    call: async ({ home }) => {
      const token = newToken();
      await db.passwordResetToken.create({
        data: {
          organizationId: home.org.id,
          userId: home.users.agent2.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
      return { body: { token, newPassword: "brand-new-password" } };
    },
  },
  {
    route: "/api/team-invites/verify",
    method: "GET",
    access: "public",
    call: ({ home }) => ({ query: { token: home.inviteToken } }),
  },
  {
    route: "/api/team-invites/accept",
    method: "POST",
    access: "public",
    ok: 201,
    call: ({ home }) => ({ body: { token: home.inviteToken, fullName: "New Hire", password: "new-hire-password" } }),
  },
  // A customer's email decides which tickets they see: they may rename themselves, not move to another address.
  {
    route: "/api/users/profile",
    method: "PATCH",
    access: "signed-in",
    ok: { end_user: 403 },
    call: (ctx) => ({ body: { fullName: "Renamed", email: email(ctx, "renamed"), currentPassword: PASSWORD } }),
  },
  // The link mailed to a new address: whoever holds it (proof of that mailbox) may follow it, signed in or not.
  {
    route: "/api/users/email/confirm",
    method: "POST",
    access: "public",
    call: async (ctx) => {
      const token = newToken();
      const mover = await db.user.create({
        data: {
          organizationId: ctx.home.org.id,
          email: email(ctx, "mover"),
          fullName: "Mover",
          username: "mover",
          role: "agent",
          passwordHash: "unused",
        },
      });
      await db.emailChangeToken.create({
        data: {
          organizationId: ctx.home.org.id,
          userId: mover.id,
          newEmail: email(ctx, "moved"),
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
      return { body: { token } };
    },
  },
  {
    route: "/api/users/password",
    method: "PATCH",
    access: "signed-in",
    call: () => ({ body: { currentPassword: PASSWORD, newPassword: "another-password-1" } }),
  },
  // Whether automatic assignment may give one tickets: the team's own, never a customer's.
  {
    route: "/api/users/availability",
    method: "PUT",
    access: ROLES.staff,
    call: () => ({ body: { availability: "away" } }),
  },
  // The weekly summary email of the reports: for those who see the whole organisation's figures.
  { route: "/api/users/notifications", method: "GET", access: ROLES.admins, call: () => ({}) },
  {
    route: "/api/users/notifications",
    method: "PUT",
    access: ROLES.admins,
    call: () => ({ body: { weeklySummaryEmail: true } }),
  },
  { route: "/api/onboarding/complete", method: "POST", access: ROLES.staff, call: () => ({}) },
  { route: "/api/onboarding/skip", method: "POST", access: ROLES.staff, call: () => ({}) },

  // Public site
  { route: "/api/health", method: "GET", access: "public", call: () => ({}) },
  {
    route: "/api/mailing-list",
    method: "POST",
    access: "public",
    call: (ctx) => ({ body: { email: email(ctx, "fan"), consentGiven: true } }),
  },
  {
    route: "/api/mailing-list/unsubscribe/[token]",
    method: "GET",
    access: "public",
    call: async (ctx) => {
      const token = newToken();
      await db.mailingListEntry.create({
        data: { email: email(ctx, "leaver"), consentAt: new Date(), unsubscribeTokenHash: hashToken(token) },
      });
      return { params: { token } };
    },
  },

  // Unknown API paths: a JSON 404 for any method
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map((method): RouteEntry => ({
    route: "/api/[...path]",
    method,
    access: "public",
    ok: 404,
    call: () => ({ params: { path: "no/such-route" } }),
  })),

  // Tickets and replies
  { route: "/api/tickets", method: "GET", access: "signed-in", call: () => ({}) },
  {
    route: "/api/tickets",
    method: "POST",
    access: "signed-in",
    ok: 201,
    call: () => ({ body: { subject: "Matrix", description: "Created by the matrix" } }),
  },
  { route: "/api/tickets/counts", method: "GET", access: "signed-in", call: () => ({}) },
  { route: "/api/tickets/stats", method: "GET", access: "signed-in", call: () => ({}) },
  {
    route: "/api/tickets/detail/[id]",
    method: "GET",
    access: "signed-in",
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/number/[number]",
    method: "GET",
    access: "signed-in",
    // Not `scoped`: both tenants have a ticket #1, so "the other tenant's ticket" has no number
    // of its own here; ticket-by-number.test.ts proves another tenant's number is a 404.
    call: ({ target }) => ({ params: { number: String(target.ticket.ticketNumber) } }),
  },
  {
    route: "/api/tickets/[id]",
    method: "PUT",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id }, body: { status: "pending", priority: "high" } }),
  },
  {
    route: "/api/tickets/bulk",
    method: "PATCH",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ body: { ids: [target.ticket.id], status: "pending", priority: "high" } }),
  },
  {
    route: "/api/tickets/[id]/tags",
    method: "PATCH",
    access: ROLES.staff,
    scoped: true,
    // One name for every caller: reusing a tag never runs into a ticket's tag limit.
    call: ({ target }) => ({ params: { id: target.ticket.id }, body: { add: ["Matrix"] } }),
  },
  { route: "/api/tags", method: "GET", access: ROLES.staff, call: () => ({ query: { q: "ma" } }) },
  {
    route: "/api/tickets/[id]/history",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/rating",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  { route: "/api/tickets/satisfaction", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/tickets/[id]/presence",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/mail",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/presence",
    method: "PUT",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id }, body: { typing: true } }),
  },
  {
    route: "/api/tickets/[id]/presence",
    method: "DELETE",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/bounce-notice",
    method: "DELETE",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  // Live updates: each caller's own stream (its scoping is proven in tests/integration/live).
  {
    route: "/api/events",
    method: "GET",
    access: "signed-in",
    portal: { portal_own: 200, portal_other_email: 200, portal_other_org: 200, portal_none: 401 },
    call: () => ({}),
  },
  { route: "/api/events/stats", method: "GET", access: ROLES.platform, call: () => ({}) },
  {
    route: "/api/tickets/[id]/mail/[messageId]",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: async ({ target, unique }) => {
      const raw = Buffer.from(`From: customer@example.test\r\nSubject: Original ${unique}\r\n\r\nHello\r\n`);
      const message = await db.inboundMessage.create({
        data: {
          organizationId: target.org.id,
          ticketId: target.ticket.id,
          dedupKey: `mid:${unique}@example.test`,
          raw: new Uint8Array(raw),
          size: raw.length,
          source: "smtp",
          envelope: {},
        },
      });
      return { params: { id: target.ticket.id, messageId: message.id } };
    },
  },
  {
    route: "/api/tickets/[id]/pane",
    method: "GET",
    access: "signed-in",
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/customer",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/sla",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/tickets/[id]/articles-sent",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  { route: "/api/customers", method: "GET", access: ROLES.staff, call: () => ({ query: { q: "customer" } }) },
  {
    route: "/api/replies/[ticketId]",
    method: "GET",
    access: "signed-in",
    scoped: true,
    portal: { portal_own: 200, portal_other_email: 404, portal_other_org: 404, portal_none: 401 },
    call: ({ target }) => ({ params: { ticketId: target.ticket.id } }),
  },
  {
    route: "/api/replies",
    method: "POST",
    access: "signed-in",
    scoped: true,
    ok: 201,
    portal: { portal_own: 201, portal_other_email: 404, portal_other_org: 404, portal_none: 401 },
    call: ({ target }) => ({ body: { ticketId: target.ticket.id, content: "Matrix reply" } }),
  },
  // Macros: staff list them (agents apply them with a reply), admins manage them.
  { route: "/api/macros", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/macros",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: (ctx) => ({ body: { name: `Macro ${ctx.unique}`, body: "Hi {{customer.firstName}}", priority: "high" } }),
  },
  {
    route: "/api/macros/[id]",
    method: "PUT",
    access: ROLES.admins,
    scoped: true,
    call: ({ target, unique }) => ({
      params: { id: target.macro.id },
      body: { name: `Renamed ${unique}`, body: "Thanks, {{agent.firstName}}", status: "resolved" },
    }),
  },
  {
    route: "/api/macros/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.macro.id } }),
  },
  // Groups: staff list them (agents filter the queue and route tickets by them), admins manage them.
  { route: "/api/groups", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/groups",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: ({ home, unique }) => ({
      body: { name: `Group ${unique}`, memberIds: [home.users.agent.id], assignment: "round_robin" },
    }),
  },
  {
    route: "/api/groups/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: ({ target, unique }) => ({
      params: { id: target.group.id },
      body: { name: `Renamed ${unique}`, addMemberIds: [target.users.agent2.id], maxOpenPerAgent: 4 },
    }),
  },
  {
    route: "/api/groups/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.group.id } }),
  },
  // Business-hours calendars: admins only; another organisation's calendar is a 404. The default
  // (every organisation's 24/7 one) is renamed; a fresh calendar, used by nothing, is deleted.
  { route: "/api/business-hours", method: "GET", access: ROLES.admins, call: () => ({}) },
  {
    route: "/api/business-hours",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: ({ unique }) => ({
      body: {
        name: `Calendar ${unique}`,
        timeZone: "Europe/London",
        hours: {
          mon: [
            ["09:00", "12:00"],
            ["13:00", "17:30"],
          ],
          fri: [["09:00", "17:00"]],
        },
        holidays: [{ date: "2026-12-25", yearly: true }],
      },
    }),
  },
  {
    route: "/api/business-hours/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => ({
      params: { id: (await defaultCalendar(target)).id },
      body: { name: `Renamed ${unique}`, hours: { sat: [["10:00", "14:00"]] } },
    }),
  },
  {
    route: "/api/business-hours/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    ok: 204,
    call: async ({ target, unique }) => ({ params: { id: (await freshCalendar(target, unique)).id } }),
  },
  // Automation rules: admins only; another organisation's rule is a 404.
  { route: "/api/automations", method: "GET", access: ROLES.admins, call: () => ({}) },
  {
    route: "/api/automations",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: (ctx) => ({
      body: {
        name: `Rule ${ctx.unique}`,
        when: "ticket_created",
        conditions: { all: [{ field: "subject", operator: "contains", value: "refund" }], any: [] },
        actions: [{ type: "add_tags", value: ["billing"] }],
      },
    }),
  },
  {
    route: "/api/automations/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: ({ target, unique }) => ({ params: { id: target.automation.id }, body: { name: `Renamed ${unique}` } }),
  },
  {
    route: "/api/automations/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.automation.id } }),
  },
  {
    route: "/api/automations/preview",
    method: "POST",
    access: ROLES.admins,
    call: () => ({
      body: {
        name: "Preview",
        when: "ticket_created",
        conditions: { all: [{ field: "subject", operator: "contains", value: "ticket" }], any: [] },
        actions: [{ type: "set_priority", value: "urgent" }],
      },
    }),
  },
  {
    route: "/api/automations/order",
    method: "PUT",
    access: ROLES.admins,
    // Every rule of the caller's organisation, once: the tenant's own and any a POST above added.
    call: async ({ home }) => ({
      body: {
        ids: (
          await db.automation.findMany({
            where: { organizationId: home.org.id },
            orderBy: { position: "desc" },
            select: { id: true },
          })
        ).map((r) => r.id),
      },
    }),
  },
  // SLA policies: admins only; another organisation's policy is a 404. Each change aims at a fresh policy.
  { route: "/api/sla-policies", method: "GET", access: ROLES.admins, call: () => ({}) },
  {
    route: "/api/sla-policies",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: ({ unique }) => ({
      body: {
        name: `Policy ${unique}`,
        conditions: { all: [{ field: "priority", operator: "is", value: "urgent" }], any: [] },
        targets: slaTargets(),
      },
    }),
  },
  {
    route: "/api/sla-policies/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target, unique }) => ({
      params: { id: (await slaPolicyRow(target.org.id, `Policy ${unique}`)).id },
      body: { name: `Renamed ${unique}`, position: 1 },
    }),
  },
  {
    route: "/api/sla-policies/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    ok: 204,
    call: async ({ target, unique }) => ({
      params: { id: (await slaPolicyRow(target.org.id, `Policy ${unique}`)).id },
    }),
  },
  // API tokens: admins of Enterprise organisations (the call moves the caller's there);
  // another organisation's token is a 404.
  {
    route: "/api/api-tokens",
    method: "GET",
    access: ROLES.admins,
    call: async ({ home }) => {
      await onEnterprise(home);
      return {};
    },
  },
  {
    route: "/api/api-tokens",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    revealsOnce: ["token"],
    call: async ({ home, unique }) => {
      await onEnterprise(home);
      return { body: { name: `Token ${unique}`, scopes: ["tickets:read"], expiresAt: null } };
    },
  },
  {
    route: "/api/api-tokens/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    ok: 204,
    call: async ({ home, target, unique }) => {
      await onEnterprise(home);
      const row = await db.apiToken.create({
        data: {
          organizationId: target.org.id,
          name: `Token ${unique}`,
          prefix: "tkt_Matrix00",
          secretHash: hashToken(`matrix-${unique}`),
          scopes: ["tickets:read"],
        },
      });
      return { params: { id: row.id } };
    },
  },
  // Webhooks: Enterprise's admins; another organisation's endpoint or delivery is a 404. Each change aims at a fresh
  // endpoint, subscribed (as a new one is) to an event the calls here do not cause.
  {
    route: "/api/webhooks",
    method: "GET",
    access: ROLES.admins,
    call: async ({ home }) => {
      await onEnterprise(home);
      return {};
    },
  },
  {
    route: "/api/webhooks",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: async ({ home, unique }) => {
      await onEnterprise(home);
      return { body: { url: `https://203.0.113.10/${unique}`, events: ["ticket.rating_received"] } };
    },
  },
  {
    route: "/api/webhooks/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: async (ctx) => ({
      params: { id: (await webhookEndpointRow(ctx)).id },
      body: { events: ["ticket.updated"], active: false },
    }),
  },
  {
    route: "/api/webhooks/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    ok: 204,
    call: async (ctx) => ({ params: { id: (await webhookEndpointRow(ctx)).id } }),
  },
  {
    route: "/api/webhooks/[id]/rotate-secret",
    method: "POST",
    access: ROLES.admins,
    scoped: true,
    call: async (ctx) => ({ params: { id: (await webhookEndpointRow(ctx)).id } }),
  },
  {
    route: "/api/webhooks/[id]/test",
    method: "POST",
    access: ROLES.admins,
    scoped: true,
    ok: 201,
    call: async (ctx) => ({ params: { id: (await webhookEndpointRow(ctx)).id } }),
  },
  {
    route: "/api/webhooks/[id]/deliveries",
    method: "GET",
    access: ROLES.admins,
    scoped: true,
    call: async (ctx) => ({ params: { id: (await webhookEndpointRow(ctx)).id } }),
  },
  {
    route: "/api/webhooks/[id]/deliveries/[deliveryId]/resend",
    method: "POST",
    access: ROLES.admins,
    scoped: true,
    ok: 201,
    call: async (ctx) => {
      const endpoint = await webhookEndpointRow(ctx);
      const delivery = await db.webhookDelivery.create({
        data: { endpointId: endpoint.id, eventId: `msg_${ctx.unique}`, type: "webhook.test", payload: {} },
      });
      return { params: { id: endpoint.id, deliveryId: delivery.id } };
    },
  },
  {
    route: "/api/replies/preview",
    method: "POST",
    access: ROLES.staff,
    call: () => ({ body: { content: "**Matrix** preview <script>alert(1)</script>" } }),
  },
  {
    route: "/api/attachments/[id]",
    method: "GET",
    access: "signed-in",
    scoped: true,
    portal: { portal_own: 200, portal_other_email: 404, portal_other_org: 404, portal_none: 401 },
    call: ({ target }) => ({ params: { id: target.attachment.id } }),
  },
  { route: "/api/usage", method: "GET", access: ROLES.staff, call: () => ({}) },
  { route: "/api/users/assignable", method: "GET", access: ROLES.staff, call: () => ({}) },

  // Users and team
  { route: "/api/users", method: "GET", access: ROLES.admins, call: () => ({}) },
  { route: "/api/users/stats", method: "GET", access: ROLES.admins, call: () => ({}) },
  { route: "/api/users/seats", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/users/organization/[organizationId]",
    method: "GET",
    access: ROLES.admins,
    scoped: true,
    crossTenant: ["platform_admin"],
    call: ({ target }) => ({ params: { organizationId: target.org.id } }),
  },
  {
    route: "/api/users/[id]",
    method: "PATCH",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.users.agent2.id }, body: { role: "end_user" } }),
  },
  { route: "/api/team-invites", method: "GET", access: ROLES.admins, call: () => ({}) },
  {
    route: "/api/team-invites/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.invite.id } }),
  },
  {
    route: "/api/team-invites",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: (ctx) => ({ body: { email: email(ctx, "invitee"), role: "agent" } }),
  },
  {
    route: "/api/onboarding/invites",
    method: "POST",
    access: ROLES.admins,
    ok: 201,
    call: (ctx) => ({ body: { invites: [{ email: email(ctx, "teammate"), role: "agent" }] } }),
  },

  // Organisation administration
  { route: "/api/admin/agents", method: "GET", access: ROLES.admins, call: () => ({}) },
  { route: "/api/admin/activity", method: "GET", access: ROLES.admins, call: () => ({}) },
  { route: "/api/admin/agents/satisfaction", method: "GET", access: ROLES.admins, call: () => ({}) },
  {
    route: "/api/support-emails",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    call: ({ target }) => ({ query: { organizationId: target.org.id } }),
  },
  {
    route: "/api/support-emails",
    method: "POST",
    access: ROLES.admins,
    scoped: true,
    ok: 201,
    call: (ctx) => ({
      body: { email: email(ctx, "helpdesk"), displayName: "Help desk", organizationId: ctx.target.org.id },
    }),
  },
  {
    route: "/api/support-emails/[id]/toggle",
    method: "PUT",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.supportEmail.id } }),
  },
  {
    route: "/api/support-emails/[id]",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.supportEmail.id } }),
  },
  {
    route: "/api/support-emails/[id]/verification",
    method: "POST",
    access: ROLES.admins,
    scoped: true,
    // A fresh unconfirmed address per call: the resend throttle counts per address.
    call: async (ctx) => ({ params: { id: (await freshSupportEmail(ctx)).id } }),
  },
  {
    route: "/api/support-emails/verify",
    method: "POST",
    access: "public",
    call: async (ctx) => {
      const token = newToken();
      await db.supportEmail.create({
        data: {
          organizationId: ctx.home.org.id,
          email: email(ctx, "to-confirm"),
          displayName: "To confirm",
          verifyTokenHash: hashToken(token),
          verifyExpiresAt: new Date(Date.now() + 3_600_000),
        },
      });
      return { body: { token } };
    },
  },
  {
    route: "/api/support-emails/[id]/mailbox",
    method: "GET",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.supportEmail.id } }),
  },
  {
    route: "/api/support-emails/[id]/mailbox",
    method: "PUT",
    access: ROLES.admins,
    scoped: true,
    // A public documentation address (TEST-NET-3): saving checks the host, it does not connect.
    call: async (ctx) => ({
      params: { id: (await freshSupportEmail(ctx)).id },
      body: {
        host: "203.0.113.10",
        port: 993,
        security: "tls",
        username: "help",
        password: "mailbox-password",
        folder: "INBOX",
      },
    }),
  },
  {
    route: "/api/support-emails/[id]/mailbox",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: async (ctx) => {
      const address = await freshSupportEmail(ctx);
      await db.imapMailbox.create({
        data: {
          organizationId: ctx.target.org.id,
          supportEmailId: address.id,
          host: "203.0.113.10",
          port: 993,
          username: "help",
          passwordSealed: "v1.sealed",
        },
      });
      return { params: { id: address.id } };
    },
  },

  // Mail in: a provider's signed webhook (no session; the signature is the caller's proof)
  {
    route: "/api/inbound/email",
    method: "POST",
    access: "public",
    ok: 202,
    // A fresh address: the shared one may already be removed by DELETE /api/support-emails/{id}.
    call: async (ctx) => signedInboundMail(await freshSupportEmail({ ...ctx, target: ctx.home }), ctx.unique),
  },

  // Customer satisfaction: the mailed link's token is the caller's proof; a session neither helps nor hurts
  {
    route: "/api/satisfaction/rating",
    method: "POST",
    access: "public",
    call: async ({ target }) => {
      const token = newToken();
      await db.satisfactionLink.create({
        data: {
          organizationId: target.org.id,
          ticketId: target.ticket.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
      return { headers: { authorization: `Bearer ${token}` }, body: { score: "good", comment: "Thanks" } };
    },
  },

  // Customer portal (its session cookie)
  {
    route: "/api/portal/access",
    method: "POST",
    access: "public",
    call: ({ home }) => ({ body: { org: home.org.slug, email: home.users.end_user.email } }),
  },
  {
    route: "/api/portal/tickets",
    method: "GET",
    access: "portal",
    portal: { portal_own: 200, portal_other_email: 200, portal_other_org: 200, portal_none: 401 },
    call: () => ({}),
  },
  {
    route: "/api/portal/tickets",
    method: "POST",
    access: "portal",
    portal: { portal_own: 201, portal_other_email: 201, portal_other_org: 201, portal_none: 401 },
    call: () => ({ body: { subject: "Portal matrix", description: "From the portal" } }),
  },
  {
    route: "/api/portal/tickets/[id]",
    method: "GET",
    access: "portal",
    portal: { portal_own: 200, portal_other_email: 404, portal_other_org: 404, portal_none: 401 },
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/portal/session",
    method: "GET",
    access: "portal",
    portal: { portal_own: 200, portal_other_email: 200, portal_other_org: 200, portal_none: 401 },
    call: () => ({}),
  },
  {
    route: "/api/portal/logout",
    method: "POST",
    access: "portal",
    portal: { portal_own: 200, portal_other_email: 200, portal_other_org: 200, portal_none: 401 },
    call: () => ({}),
  },

  // Platform administration
  {
    route: "/api/organizations",
    method: "GET",
    access: ROLES.staff,
    crossTenant: ["platform_admin"],
    call: () => ({}),
  },
  {
    route: "/api/organizations/[id]",
    method: "GET",
    access: ROLES.staff,
    scoped: true,
    crossTenant: ["platform_admin"],
    call: ({ target }) => ({ params: { id: target.org.id } }),
  },
  {
    route: "/api/organizations/[id]",
    method: "PATCH",
    access: ROLES.platform,
    scoped: true,
    crossTenant: ["platform_admin"],
    call: ({ target }) => ({ params: { id: target.org.id }, body: { plan: "enterprise" } }),
  },
  {
    route: "/api/organizations/[id]/signature",
    method: "PUT",
    access: ROLES.admins,
    scoped: true,
    call: ({ target, unique }) => ({ params: { id: target.org.id }, body: { signature: `The team ${unique}\nAcme` } }),
  },
  {
    route: "/api/platform/metrics",
    method: "GET",
    access: ROLES.platform,
    crossTenant: ["platform_admin"],
    call: () => ({}),
  },
  { route: "/api/platform/health", method: "GET", access: ROLES.platform, call: () => ({}) },
  // The public API: an API token of the organisation, never a session
  { route: "/api/v1/openapi.json", method: "GET", access: "public", call: () => ({}) },
  { route: "/api/v1/tickets", method: "GET", access: "api-token", scope: "tickets:read", call: () => ({}) },
  {
    route: "/api/v1/tickets/[id]",
    method: "GET",
    access: "api-token",
    scope: "tickets:read",
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/v1/tickets/[id]/replies",
    method: "GET",
    access: "api-token",
    scope: "tickets:read",
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id } }),
  },
  {
    route: "/api/v1/tickets/[id]/replies",
    method: "POST",
    access: "api-token",
    scope: "tickets:write",
    scoped: true,
    ok: 201,
    call: ({ target }) => ({ params: { id: target.ticket.id }, body: { content: "Matrix reply", type: "internal" } }),
  },
  {
    route: "/api/v1/tickets",
    method: "POST",
    access: "api-token",
    scope: "tickets:write",
    ok: 201,
    call: () => ({
      body: { subject: "Matrix", description: "Created by the matrix", customerEmail: "m@example.test" },
    }),
  },
  {
    route: "/api/v1/tickets/[id]",
    method: "PATCH",
    access: "api-token",
    scope: "tickets:write",
    scoped: true,
    call: ({ target }) => ({ params: { id: target.ticket.id }, body: { status: "pending", addTags: ["matrix"] } }),
  },
  {
    route: "/api/v1/tickets/bulk",
    method: "POST",
    access: "api-token",
    scope: "tickets:write",
    scoped: true,
    call: ({ target }) => ({ body: { ids: [target.ticket.id], status: "pending", priority: "high" } }),
  },
  { route: "/api/v1/users", method: "GET", access: "api-token", scope: "users:read", call: () => ({}) },
  {
    route: "/api/v1/users/[id]",
    method: "GET",
    access: "api-token",
    scope: "users:read",
    scoped: true,
    call: ({ target }) => ({ params: { id: target.users.agent.id } }),
  },
  { route: "/api/v1/customers", method: "GET", access: "api-token", scope: "customers:read", call: () => ({}) },
  { route: "/api/v1/tags", method: "GET", access: "api-token", scope: "tags:read", call: () => ({}) },
  { route: "/api/v1/groups", method: "GET", access: "api-token", scope: "groups:read", call: () => ({}) },
  { route: "/api/v1/macros", method: "GET", access: "api-token", scope: "macros:read", call: () => ({}) },
  { route: "/api/v1/ratings", method: "GET", access: "api-token", scope: "ratings:read", call: () => ({}) },
  { route: "/api/platform/jobs", method: "GET", access: ROLES.platform, call: () => ({}) },
  {
    route: "/api/platform/jobs/[id]/retry",
    method: "POST",
    access: ROLES.platform,
    // Each call gets a dead job of its own to retry (a retried job is no longer dead).
    call: async () => ({ params: { id: await deadJob() } }),
  },
  ...KB_ROUTES,
  ...HELP_CENTER_ROUTES,
  ...FIELD_ROUTES,
  ...MERGE_ROUTES,
  ...UPLOAD_ROUTES,
  ...API_V1_RELATION_ROUTES,
  ...PORTAL_FILE_ROUTES,
  ...COMPANY_ROUTES,
  ...VIEW_ROUTES,
  ...REPORT_ROUTES,
  ...SIGN_IN_SECURITY_ROUTES,
  ...PASSKEY_ROUTES,
  ...SSO_ROUTES,
];

/** A job that used its only attempt, as the queue leaves it after the last failure. */
async function deadJob(): Promise<string> {
  const [job] = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM graphile_worker.add_job('probe.matrix', '{}'::json, max_attempts => 1)`;
  await db.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = 1, last_error = 'refused'
    WHERE id = ${job!.id}::bigint`;
  return job!.id;
}

export const uniqueTag = () => randomUUID().slice(0, 8);
