import { newTotpSecret, timeStep, totpAt, totpSecretBytes } from "@/lib/auth/totp";
import { SESSION_MAX_AGE_S } from "@/lib/auth/session-cookie";
import { seal } from "@/lib/server/secret-box";
import { PASSWORD } from "../../helpers/fixtures";
import { db } from "../../helpers/db";
import { userOf } from "../world";
import { ROLES, type CallContext, type RouteEntry } from "../route-types";

/** The caller's own account (anonymous callers aim at the home agent's, and are refused anyway). */
const callerOf = (ctx: CallContext) =>
  ctx.actor === "anonymous" ? ctx.home.users.agent : userOf(ctx.world, ctx.actor);

/**
 * Gives the caller an authenticator with a known secret (confirmed or pending) and answers a code
 * of it, so each call stands alone whatever the calls before it turned on or off.
 */
async function authenticator(ctx: CallContext, confirmed: boolean): Promise<string> {
  const user = callerOf(ctx);
  const secret = newTotpSecret();
  const row = {
    organizationId: user.organizationId,
    secret: seal(secret, `totp:${user.id}`),
    confirmedAt: confirmed ? new Date() : null,
    lastStep: null,
  };
  await db.userTotp.upsert({ where: { userId: user.id }, create: { userId: user.id, ...row }, update: row });
  return totpAt(totpSecretBytes(secret), timeStep(Date.now()));
}

/** Another session of `user` (not the one the call is made with), to be ended by the call. */
async function otherSession(user: { id: string; organizationId: string; sessionVersion: number }) {
  const session = await db.userSession.create({
    data: {
      organizationId: user.organizationId,
      userId: user.id,
      sessionVersion: (await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
    },
  });
  return session.id;
}

// Two-factor sign-in and sessions: one's own for anyone signed in; the organisation's policy and a
// member's sessions for its admins, another organisation's a 404.
export const SIGN_IN_SECURITY_ROUTES: RouteEntry[] = [
  { route: "/api/users/two-factor", method: "GET", access: "signed-in", call: () => ({}) },
  {
    route: "/api/users/two-factor/totp",
    method: "POST",
    access: "signed-in",
    call: async (ctx) => {
      await db.userTotp.deleteMany({ where: { userId: callerOf(ctx).id } });
      return {};
    },
  },
  {
    route: "/api/users/two-factor/totp/confirm",
    method: "POST",
    access: "signed-in",
    call: async (ctx) => ({ body: { code: await authenticator(ctx, false) } }),
  },
  {
    route: "/api/users/two-factor/totp",
    method: "DELETE",
    access: "signed-in",
    call: async (ctx) => ({ body: { password: PASSWORD, code: await authenticator(ctx, true) } }),
  },
  { route: "/api/users/sessions", method: "GET", access: "signed-in", call: () => ({}) },
  { route: "/api/users/sessions", method: "DELETE", access: "signed-in", call: () => ({}) },
  {
    route: "/api/users/sessions/[id]",
    method: "DELETE",
    access: "signed-in",
    call: async (ctx) => ({ params: { id: await otherSession(callerOf(ctx)) } }),
  },
  {
    route: "/api/users/[id]/sessions",
    method: "GET",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.users.agent2.id } }),
  },
  {
    route: "/api/users/[id]/sessions",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target }) => {
      await otherSession(target.users.agent2);
      return { params: { id: target.users.agent2.id } };
    },
  },
  {
    route: "/api/organizations/[id]/two-factor",
    method: "GET",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.org.id } }),
  },
  {
    route: "/api/organizations/[id]/two-factor",
    method: "PUT",
    access: ROLES.admins,
    scoped: true,
    // Turned off (a policy left on would send the world's members to enrolment at their next sign-in).
    call: ({ target }) => ({ params: { id: target.org.id }, body: { requireTwoFactor: false } }),
  },
];
