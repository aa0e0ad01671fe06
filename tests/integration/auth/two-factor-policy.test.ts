import { POST as login } from "@/app/api/login/route";
import { GET as readPolicy, PUT as setPolicy } from "@/app/api/organizations/[id]/two-factor/route";
import { GET as listTickets } from "@/app/api/tickets/route";
import { GET as listSessions } from "@/app/api/users/sessions/route";
import { GET as status } from "@/app/api/users/two-factor/route";
import { POST as beginTotp } from "@/app/api/users/two-factor/totp/route";
import { POST as confirmTotp } from "@/app/api/users/two-factor/totp/confirm/route";
import { cookieFrom, createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { codeFor, enrolTotp } from "../helpers/two-factor";

let ipCounter = 0;
const signIn = async (email: string, code?: string) =>
  login(
    makeRequest("/api/login", {
      method: "POST",
      body: { email, password: PASSWORD, ...(code ? { code } : {}) },
      headers: { "x-forwarded-for": `10.3.0.${++ipCounter}` },
    }),
    params(),
  );

const put = (orgId: string, cookie: string, body: unknown) =>
  setPolicy(
    makeRequest(`/api/organizations/${orgId}/two-factor`, { method: "PUT", body, headers: { cookie } }),
    params({ id: orgId }),
  );
const read = (orgId: string, cookie: string) =>
  readPolicy(makeRequest(`/api/organizations/${orgId}/two-factor`, { headers: { cookie } }), params({ id: orgId }));
const tickets = (cookie: string) => listTickets(makeRequest("/api/tickets", { headers: { cookie } }), params());

async function team() {
  const org = await createOrg("pro");
  const admin = await createUser(org.id, "org_admin");
  const agent = await createUser(org.id, "agent");
  return { org, admin, agent, adminCookie: await sessionCookie(admin) };
}

beforeAll(resetDatabase);

describe("the organisation's two-factor policy", () => {
  it("an admin turns it on and off, sees who has two-factor, and each change is recorded once", async () => {
    const { org, admin, agent, adminCookie } = await team();
    await enrolTotp(await sessionCookie(agent));
    const before = await readJson(await read(org.id, adminCookie));
    expect(before.status).toBe(200);
    expect(before.body.requireTwoFactor).toBe(false);
    expect(before.body.members).toEqual(
      expect.arrayContaining([
        { id: admin.id, fullName: admin.fullName, email: admin.email, role: "org_admin", twoFactor: false },
        { id: agent.id, fullName: agent.fullName, email: agent.email, role: "agent", twoFactor: true },
      ]),
    );
    expect((await readJson(await put(org.id, adminCookie, { requireTwoFactor: true }))).body.requireTwoFactor).toBe(
      true,
    );
    expect((await put(org.id, adminCookie, { requireTwoFactor: true })).status).toBe(200);
    expect(
      await db.auditEvent.count({ where: { organizationId: org.id, action: "organization.two_factor_required" } }),
    ).toBe(1);
    // Sessions already open go on: the rule applies from each member's next sign-in.
    expect((await tickets(adminCookie)).status).toBe(200);
    expect((await readJson(await put(org.id, adminCookie, { requireTwoFactor: false }))).body.requireTwoFactor).toBe(
      false,
    );
    expect(
      await db.auditEvent.count({ where: { organizationId: org.id, action: "organization.two_factor_optional" } }),
    ).toBe(1);
  });

  it("refuses what is not a boolean, agents and customers, and another organisation (404)", async () => {
    const { org, agent, adminCookie } = await team();
    for (const body of [{}, { requireTwoFactor: "yes" }, { requireTwoFactor: null }])
      expect((await put(org.id, adminCookie, body)).status).toBe(400);
    const customer = await createUser(org.id, "end_user");
    for (const who of [agent, customer]) {
      const cookie = await sessionCookie(who);
      expect((await read(org.id, cookie)).status).toBe(403);
      expect((await put(org.id, cookie, { requireTwoFactor: true })).status).toBe(403);
    }
    const other = await team();
    expect((await read(org.id, other.adminCookie)).status).toBe(404);
    expect((await put(org.id, other.adminCookie, { requireTwoFactor: true })).status).toBe(404);
    expect((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).requireTwoFactor).toBe(false);
  });

  it("a member without two-factor signs in to enrolment only: 403 two_factor_enrolment_required until enrolled", async () => {
    const { org, agent, adminCookie } = await team();
    await put(org.id, adminCookie, { requireTwoFactor: true });
    const res = await signIn(agent.email);
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res);
    expect(await readJson(await tickets(cookie))).toMatchObject({
      status: 403,
      body: { code: "two_factor_enrolment_required" },
    });
    expect((await listSessions(makeRequest("/api/users/sessions", { headers: { cookie } }), params())).status).toBe(
      403,
    );
    // What enrolment needs answers.
    const st = await readJson(await status(makeRequest("/api/users/two-factor", { headers: { cookie } }), params()));
    expect(st.body).toMatchObject({ enabled: false, required: true });
    const begun = await readJson(
      await beginTotp(makeRequest("/api/users/two-factor/totp", { method: "POST", headers: { cookie } }), params()),
    );
    expect(begun.status).toBe(200);
    const confirmed = await confirmTotp(
      makeRequest("/api/users/two-factor/totp/confirm", {
        method: "POST",
        body: { code: codeFor(begun.body.secret as string) },
        headers: { cookie },
      }),
      params(),
    );
    expect(confirmed.status).toBe(200);
    // Enrolled: the same session goes on.
    expect((await tickets(cookie)).status).toBe(200);
  });

  it("a member with two-factor signs in with a code and goes straight in", async () => {
    const { org, agent, adminCookie } = await team();
    const { secret } = await enrolTotp(await sessionCookie(agent));
    await put(org.id, adminCookie, { requireTwoFactor: true });
    const res = await signIn(agent.email, codeFor(secret, 1));
    expect(res.status).toBe(200);
    expect((await tickets(cookieFrom(res))).status).toBe(200);
  });

  it("turning the policy off lets sessions waiting for enrolment through at once", async () => {
    const { org, agent, adminCookie } = await team();
    await put(org.id, adminCookie, { requireTwoFactor: true });
    const cookie = cookieFrom(await signIn(agent.email));
    expect((await tickets(cookie)).status).toBe(403);
    await put(org.id, adminCookie, { requireTwoFactor: false });
    expect((await tickets(cookie)).status).toBe(200);
  });
});
