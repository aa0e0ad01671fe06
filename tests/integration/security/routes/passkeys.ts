import { issueChallenge } from "@/lib/services/users/passkey-challenges";
import { PASSWORD } from "../../helpers/fixtures";
import { db } from "../../helpers/db";
import { SoftAuthenticator } from "../../helpers/passkeys";
import { userOf } from "../world";
import type { CallContext, RouteEntry } from "../route-types";

/** The caller's own account (anonymous callers aim at the home agent's, and are refused anyway). */
const callerOf = (ctx: CallContext) =>
  ctx.actor === "anonymous" ? ctx.home.users.agent : userOf(ctx.world, ctx.actor);

/** A passkey of `user`, stored as adding it does; answers the row and its authenticator. */
async function passkeyOf(user: { id: string; organizationId: string }) {
  const authenticator = new SoftAuthenticator();
  authenticator.userHandle = Buffer.from(user.id).toString("base64url");
  const row = await db.passkey.create({
    data: {
      organizationId: user.organizationId,
      userId: user.id,
      credentialId: authenticator.id,
      publicKey: new Uint8Array(authenticator.coseKey()),
      name: "Laptop",
    },
  });
  return { row, authenticator };
}

/** The caller's own passkey, or on a foreign target one of that organisation's agent's (a 404). */
const passkeyAimedAt = (ctx: CallContext) =>
  passkeyOf(ctx.target === ctx.home ? callerOf(ctx) : ctx.target.users.agent);

// Passkeys: one's own for anyone signed in (another user's is a 404); signing in with one is public.
export const PASSKEY_ROUTES: RouteEntry[] = [
  { route: "/api/users/passkeys", method: "GET", access: "signed-in", call: () => ({}) },
  {
    route: "/api/users/passkeys/options",
    method: "POST",
    access: "signed-in",
    call: async (ctx) => {
      // Earlier calls may have left the caller an authenticator app, which would ask for its code too.
      await db.userTotp.deleteMany({ where: { userId: callerOf(ctx).id } });
      return { body: { password: PASSWORD } };
    },
  },
  {
    route: "/api/users/passkeys",
    method: "POST",
    access: "signed-in",
    call: async (ctx) => {
      const user = callerOf(ctx);
      const { challenge, token } = await issueChallenge("register", { userId: user.id });
      const answer = new SoftAuthenticator().register({
        challenge,
        user: { id: Buffer.from(user.id).toString("base64url") },
      });
      return { body: { name: "Laptop", answer }, headers: { cookie: `ticketry.passkey-challenge=${token}` } };
    },
  },
  {
    route: "/api/users/passkeys/[id]",
    method: "PATCH",
    access: "signed-in",
    scoped: true,
    call: async (ctx) => ({ params: { id: (await passkeyAimedAt(ctx)).row.id }, body: { name: "Phone" } }),
  },
  {
    route: "/api/users/passkeys/[id]",
    method: "DELETE",
    access: "signed-in",
    scoped: true,
    call: async (ctx) => ({ params: { id: (await passkeyAimedAt(ctx)).row.id } }),
  },
  { route: "/api/login/passkey/options", method: "POST", access: "public", call: () => ({}) },
  {
    route: "/api/login/passkey",
    method: "POST",
    access: "public",
    call: async (ctx) => {
      const { authenticator } = await passkeyOf(ctx.home.users.agent);
      const { challenge, token } = await issueChallenge("sign-in", null);
      return {
        body: { answer: authenticator.assert(challenge) },
        headers: { cookie: `ticketry.passkey-challenge=${token}` },
      };
    },
  },
];
