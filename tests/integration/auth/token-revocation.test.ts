import { POST as forgot } from "@/app/api/auth/forgot-password/route";
import { POST as reset } from "@/app/api/auth/reset-password/route";
import { GET as verifyInvite } from "@/app/api/team-invites/verify/route";
import { PATCH as updateUser } from "@/app/api/users/[id]/route";
import { PATCH as changePassword } from "@/app/api/users/password/route";
import { PATCH as updateProfile } from "@/app/api/users/profile/route";
import { POST as confirmEmail } from "@/app/api/users/email/confirm/route";
import type { Role } from "@/generated/prisma/enums";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { linkIn, startSmtp } from "../helpers/smtp";

// A one-time link is only as good as the reason it was sent: these are the events that take
// the reason away, and each must kill the link in the same step.

type User = { id: string; sessionVersion: number; organizationId: string; email: string };
const HOUR = 3600 * 1000;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ip = 0;

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
});
afterAll(() => smtp.stop());

/** A live reset link of the user, as the forgot-password mail would carry it. */
async function resetLink(user: User): Promise<string> {
  const token = newToken();
  await db.passwordResetToken.create({
    data: {
      organizationId: user.organizationId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + HOUR),
    },
  });
  return token;
}
const redeem = async (token: string) =>
  (
    await reset(
      makeRequest("/api/auth/reset-password", {
        method: "POST",
        body: { token, newPassword: "attacker-password-1" },
      }),
      params(),
    )
  ).status;
const asUser = async (user: User) => ({ cookie: await sessionCookie(user) });

describe("a password reset link stops working", () => {
  it("once the password is changed", async () => {
    const user = await createUser((await createOrg()).id, "agent");
    const token = await resetLink(user);
    const res = await changePassword(
      makeRequest("/api/users/password", {
        method: "PATCH",
        body: { currentPassword: PASSWORD, newPassword: "brand-new-password" },
        headers: await asUser(user),
      }),
      params(),
    );
    expect(res.status).toBe(200);
    expect(await redeem(token)).toBe(400);
  });

  it("once another of the user's reset links has been used", async () => {
    const user = await createUser((await createOrg()).id, "agent");
    const [first, second] = [await resetLink(user), await resetLink(user)];
    expect(await redeem(second)).toBe(200);
    expect(await redeem(first)).toBe(400);
  });

  it("once a newer link is requested, which itself works", async () => {
    const user = await createUser((await createOrg()).id, "agent");
    const older = await resetLink(user);
    const res = await forgot(
      makeRequest("/api/auth/forgot-password", {
        method: "POST",
        body: { email: user.email },
        headers: { "x-forwarded-for": `10.9.0.${++ip}` },
      }),
      params(),
    );
    expect(res.status).toBe(200);
    const newer = linkIn(await smtp.mailTo(user.email), "/reset-password").searchParams.get("token")!;
    expect(await redeem(older)).toBe(400);
    expect(await redeem(newer)).toBe(200);
  });

  it("once the account's email changes (the link went to the old address)", async () => {
    const user = await createUser((await createOrg()).id, "agent");
    const token = await resetLink(user);
    const to = `moved-${user.id}@example.test`;
    const res = await updateProfile(
      makeRequest("/api/users/profile", {
        method: "PATCH",
        body: { fullName: "Moved Agent", email: to, currentPassword: PASSWORD },
        headers: await asUser(user),
      }),
      params(),
    );
    expect(res.status).toBe(200);
    const confirmation = linkIn(await smtp.mailTo(to), "/confirm-email").searchParams.get("token")!;
    const confirmed = await confirmEmail(
      makeRequest("/api/users/email/confirm", { method: "POST", body: { token: confirmation } }),
      params(),
    );
    expect(confirmed.status).toBe(200);
    expect(await redeem(token)).toBe(400);
  });

  it("but survives a change of name alone", async () => {
    const user = await createUser((await createOrg()).id, "agent");
    const token = await resetLink(user);
    const res = await updateProfile(
      makeRequest("/api/users/profile", {
        method: "PATCH",
        body: { fullName: "Renamed Agent", email: user.email },
        headers: await asUser(user),
      }),
      params(),
    );
    expect(res.status).toBe(200);
    expect(await redeem(token)).toBe(200);
  });
});

describe("an invitation stops working when its sender may no longer invite", () => {
  async function invitationBy(senderRole: Role, role: Role = "org_admin") {
    const org = await createOrg("pro");
    const boss = await createUser(org.id, "platform_admin");
    await createUser(org.id, "org_admin"); // the organisation keeps an admin whatever happens to the sender
    const sender = await createUser(org.id, senderRole);
    const token = newToken();
    await db.teamInvite.create({
      data: {
        organizationId: org.id,
        email: `invitee-${token.slice(0, 8).toLowerCase()}@example.test`,
        role,
        tokenHash: hashToken(token),
        invitedById: sender.id,
        expiresAt: new Date(Date.now() + 24 * HOUR),
      },
    });
    const change = async (body: { role?: Role; isActive?: boolean }) =>
      readJson(
        await updateUser(
          makeRequest(`/api/users/${sender.id}`, { method: "PATCH", body, headers: await asUser(boss) }),
          params({ id: sender.id }),
        ),
      );
    const live = async () =>
      (await verifyInvite(makeRequest(`/api/team-invites/verify?token=${encodeURIComponent(token)}`), params()))
        .status === 200;
    return { org, sender, change, live };
  }

  it.each([
    ["demoted to agent", { role: "agent" }],
    ["demoted to end user", { role: "end_user" }],
    ["deactivated", { isActive: false }],
  ] as const)("an admin's org_admin invitation, once the admin is %s", async (_what, body) => {
    const { change, live } = await invitationBy("org_admin");
    expect(await live()).toBe(true);
    expect((await change(body)).status).toBe(200);
    expect(await live()).toBe(false);
  });

  it("an admin's agent invitation too, once the admin is demoted", async () => {
    const { change, live } = await invitationBy("org_admin", "agent");
    expect((await change({ role: "agent" })).status).toBe(200);
    expect(await live()).toBe(false);
  });

  it("is recorded in the organisation's activity as a revoked invitation", async () => {
    const { org, sender, change } = await invitationBy("org_admin");
    expect((await change({ isActive: false })).status).toBe(200);
    const events = await db.auditEvent.findMany({ where: { organizationId: org.id, action: "invite.revoked" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ role: "org_admin" });
    expect(await db.teamInvite.count({ where: { invitedById: sender.id } })).toBe(0);
  });

  it("but keeps working while the sender may still invite (a platform admin made org admin)", async () => {
    const { change, live } = await invitationBy("platform_admin");
    expect((await change({ role: "org_admin" })).status).toBe(200);
    expect(await live()).toBe(true);
  });
});
