import { randomUUID } from "node:crypto";
import { POST as login } from "@/app/api/login/route";
import { DELETE as removeSso, GET as readSso, PUT as saveSso } from "@/app/api/organizations/[id]/sso/route";
import { GET as callback } from "@/app/api/sso/callback/route";
import { POST as start } from "@/app/api/sso/start/route";
import { GET as listSessions } from "@/app/api/users/sessions/route";
import type { Plan } from "@/generated/prisma/enums";
import { openFlow, sealFlow, SSO_FLOW_COOKIE } from "@/lib/services/sso/flow-cookie";
import { createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, startTestProvider, type TestProvider } from "../helpers/oidc-provider";
import { makeRequest, params, readJson } from "../helpers/request";

let provider: TestProvider;
let ipCounter = 0;
const nextIp = () => `10.64.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  await resetDatabase();
  process.env.SSO_ALLOW_PRIVATE_HOSTS = "true";
  provider = await startTestProvider();
});
afterAll(async () => {
  delete process.env.SSO_ALLOW_PRIVATE_HOSTS;
  await provider.close();
});

const read = (orgId: string, cookie: string) =>
  readSso(makeRequest(`/api/organizations/${orgId}/sso`, { headers: { cookie } }), params({ id: orgId }));
const save = (orgId: string, cookie: string, body: unknown) =>
  saveSso(
    makeRequest(`/api/organizations/${orgId}/sso`, { method: "PUT", body, headers: { cookie } }),
    params({ id: orgId }),
  );
const remove = (orgId: string, cookie: string) =>
  removeSso(
    makeRequest(`/api/organizations/${orgId}/sso`, { method: "DELETE", headers: { cookie } }),
    params({ id: orgId }),
  );

/** An organisation with a verified support address at a domain of its own, its admin, and the settings that cover that domain. */
async function team(plan: Plan = "pro") {
  const org = await createOrg(plan);
  const domain = `sso-${randomUUID().slice(0, 8)}.test`;
  await db.supportEmail.create({
    data: { organizationId: org.id, email: `help@${domain}`, displayName: "Help", verifiedAt: new Date() },
  });
  const admin = await createUser(org.id, "org_admin", { email: `boss@${domain}` });
  const adminCookie = await sessionCookie(admin);
  const settings = {
    issuer: provider.issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret: DEV_CLIENT_SECRET,
    domains: [domain],
    newAccounts: "refuse",
    providerOnly: false,
  };
  return { org, domain, admin, adminCookie, settings };
}

async function configured(plan: Plan = "pro", changes: Record<string, unknown> = {}) {
  const t = await team(plan);
  const res = await save(t.org.id, t.adminCookie, { ...t.settings, ...changes });
  if (res.status !== 200) throw new Error(`settings refused: ${await res.text()}`);
  return t;
}

/** "Sign in with SSO": the provider's address and the flow cookie the browser keeps. */
async function begin(email: string) {
  const res = await start(
    makeRequest("/api/sso/start", { method: "POST", body: { email }, headers: { "x-forwarded-for": nextIp() } }),
    params(),
  );
  const body = (await res.json()) as { url?: string; code?: string };
  const flow = /ticketry\.sso-flow=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  return { status: res.status, body, flow, setCookie: res.headers.get("set-cookie") ?? "" };
}

/** The provider sends the browser back to the callback with `cookie` (the flow, or none). */
const back = (url: URL, flow: string | undefined) =>
  callback(
    makeRequest(`/api/sso/callback${url.search}`, {
      headers: { ...(flow ? { cookie: `${SSO_FLOW_COOKIE}=${flow}` } : {}), "user-agent": "SSO test browser" },
    }),
    params(),
  );

/** A whole sign-in through the provider as `email` (typed into its form as `asEmail`). */
async function signInThroughProvider(email: string, asEmail = email) {
  const begun = await begin(email);
  if (!begun.body.url) throw new Error(`not started: ${JSON.stringify(begun.body)}`);
  const returned = await provider.signIn(begun.body.url, asEmail);
  return { begun, returned, res: await back(returned, begun.flow) };
}

const failureOf = (res: Response) => new URL(res.headers.get("location") ?? "").searchParams.get("sso");
const sessionCookieOf = (res: Response) =>
  /next-auth\.session-token=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];

describe("single sign-on settings", () => {
  it("an admin sets up the provider; the secret is sealed and never answered; changes keep it; each change is audited", async () => {
    const { org, domain, adminCookie, settings } = await team();
    const empty = await readJson(await read(org.id, adminCookie));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      provider: null,
      redirectUri: "http://localhost:3000/api/sso/callback",
      verifiedDomains: [domain],
    });

    const saved = await save(org.id, adminCookie, { ...settings, domains: [`@${domain.toUpperCase()}`] });
    const text = await saved.text();
    expect(saved.status).toBe(200);
    expect(text).not.toContain(DEV_CLIENT_SECRET);
    expect(JSON.parse(text).provider).toEqual({
      issuer: provider.issuer,
      clientId: DEV_CLIENT_ID,
      hasSecret: true,
      domains: [domain],
      newAccounts: "refuse",
      providerOnly: false,
      updatedAt: expect.any(String),
    });
    const row = await db.ssoProvider.findUniqueOrThrow({ where: { organizationId: org.id } });
    expect(row.clientSecret).not.toContain(DEV_CLIENT_SECRET);
    expect(row.clientSecret).toMatch(/^v1\./);

    const { clientSecret: _kept, ...withoutSecret } = settings;
    const changed = await readJson(await save(org.id, adminCookie, { ...withoutSecret, providerOnly: true }));
    expect(changed.status).toBe(200);
    expect((changed.body.provider as { providerOnly: boolean }).providerOnly).toBe(true);
    expect((await db.ssoProvider.findUniqueOrThrow({ where: { organizationId: org.id } })).clientSecret).toBe(
      row.clientSecret,
    );

    const removed = await readJson(await remove(org.id, adminCookie));
    expect(removed.body.provider).toBeNull();
    expect(await db.ssoDomain.count({ where: { organizationId: org.id } })).toBe(0);
    expect((await remove(org.id, adminCookie)).status).toBe(404);
    const actions = await db.auditEvent.findMany({
      where: { organizationId: org.id, action: { startsWith: "organization.sso" } },
      orderBy: { createdAt: "asc" },
      select: { action: true, metadata: true },
    });
    expect(actions.map((a) => a.action)).toEqual([
      "organization.sso_configured",
      "organization.sso_updated",
      "organization.sso_removed",
    ]);
    expect(JSON.stringify(actions)).not.toContain(DEV_CLIENT_SECRET);
  });

  it("refuses each invalid setting with a readable 400", async () => {
    const { org, adminCookie, settings } = await team();
    const refused = async (body: unknown) => {
      const res = await readJson(await save(org.id, adminCookie, body));
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await refused({ ...settings, clientSecret: undefined })).toBe("Please enter the client secret");
    expect(await refused({ ...settings, domains: [] })).toMatch(/at least one email domain/);
    expect(await refused({ ...settings, domains: ["not a domain"] })).toMatch(/domain such as example.com/);
    expect(await refused({ ...settings, domains: ["elsewhere.test"] })).toMatch(
      /elsewhere.test is not the domain of one of your verified support addresses/,
    );
    expect(await refused({ ...settings, newAccounts: "admin" })).toMatch(/first sign-in/);
    expect(await refused({ ...settings, issuer: "" })).toMatch(/issuer URL/);
    expect(await refused({ ...settings, clientId: "" })).toMatch(/client ID/);
    delete process.env.SSO_ALLOW_PRIVATE_HOSTS;
    try {
      expect(await refused({ ...settings, issuer: "http://idp.example.com" })).toBe(
        "The issuer URL must start with https://",
      );
      expect(await refused({ ...settings, issuer: "https://127.0.0.1:8443" })).toMatch(/private or local network/);
    } finally {
      process.env.SSO_ALLOW_PRIVATE_HOSTS = "true";
    }
  });

  it("an unverified support address's domain is refused, and a domain is one organisation's only", async () => {
    const first = await configured();
    const { org, adminCookie, settings } = await team();
    await db.supportEmail.create({
      data: { organizationId: org.id, email: `help@unverified-${first.domain}`, displayName: "Help" },
    });
    expect((await save(org.id, adminCookie, { ...settings, domains: [`unverified-${first.domain}`] })).status).toBe(
      400,
    );
    // The other organisation verified an address at the first one's domain too: still the first's.
    await db.supportEmail.create({
      data: { organizationId: org.id, email: `other@${first.domain}`, displayName: "Help", verifiedAt: new Date() },
    });
    const taken = await readJson(await save(org.id, adminCookie, { ...settings, domains: [first.domain] }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`${first.domain} already signs in with another organization's provider`);
  });

  it("is for the organisation's admins: an agent is refused, another organisation's id is a 404", async () => {
    const { org, settings } = await configured();
    const agentCookie = await sessionCookie(await createUser(org.id, "agent"));
    expect((await read(org.id, agentCookie)).status).toBe(403);
    expect((await save(org.id, agentCookie, settings)).status).toBe(403);
    expect((await remove(org.id, agentCookie)).status).toBe(403);
    const other = await team();
    expect((await read(org.id, other.adminCookie)).status).toBe(404);
    expect((await save(org.id, other.adminCookie, settings)).status).toBe(404);
    expect((await remove(org.id, other.adminCookie)).status).toBe(404);
    expect(await db.ssoProvider.count({ where: { organizationId: org.id } })).toBe(1);
  });
});

describe("signing in through the provider", () => {
  it("starts with PKCE, state and nonce in a sealed cookie for the callback only", async () => {
    const { domain } = await configured();
    const begun = await begin(`someone@${domain}`);
    expect(begun.status).toBe(200);
    const url = new URL(begun.body.url!);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("client_id")).toBe(DEV_CLIENT_ID);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/sso/callback");
    expect(url.searchParams.get("login_hint")).toBe(`someone@${domain}`);
    const flow = openFlow(begun.flow)!;
    expect(url.searchParams.get("state")).toBe(flow.state);
    expect(url.searchParams.get("nonce")).toBe(flow.nonce);
    expect(begun.flow).not.toContain(flow.verifier);
    expect(begun.setCookie).toMatch(/HttpOnly/i);
    expect(begun.setCookie).toMatch(/Path=\/api\/sso\/callback/);
    expect(begun.setCookie).toMatch(/SameSite=lax/i);
  });

  it("an email whose domain has no provider is a 404 with its code", async () => {
    const begun = await begin(`someone@nobody-${randomUUID().slice(0, 6)}.test`);
    expect(begun.status).toBe(404);
    expect(begun.body.code).toBe("sso_not_configured");
    expect((await begin("not an email")).status).toBe(400);
  });

  it("links the existing account: a session like a password sign-in's, lands in the workspace, audited", async () => {
    const { org, domain } = await configured();
    const agent = await createUser(org.id, "agent", { email: `ana.silva@${domain}` });
    const { res } = await signInThroughProvider(agent.email);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/app");
    expect(res.headers.get("set-cookie")).toMatch(/ticketry\.sso-flow=;/);
    const cookie = sessionCookieOf(res)!;
    const sessions = await readJson(
      await listSessions(makeRequest("/api/users/sessions", { headers: { cookie } }), params()),
    );
    expect(sessions.status).toBe(200);
    const session = await db.userSession.findFirstOrThrow({ where: { userId: agent.id } });
    expect(session).toMatchObject({ method: "sso", twoFactorPending: false, userAgent: "SSO test browser" });
    const event = await db.auditEvent.findFirstOrThrow({ where: { actorId: agent.id, action: "user.login" } });
    expect(event.metadata).toEqual({ session: session.id, method: "sso", issuer: provider.issuer });
  });

  it("creates an agent on a first sign-in when the admin chose so, within the plan's seats", async () => {
    const { org, domain } = await configured("pro", { newAccounts: "create_agent" });
    const { res } = await signInThroughProvider(`new.person@${domain}`);
    expect(res.status).toBe(303);
    const user = await db.user.findUniqueOrThrow({ where: { email: `new.person@${domain}` } });
    expect(user).toMatchObject({ organizationId: org.id, role: "agent", fullName: "New Person", isActive: true });
    expect(await db.auditEvent.count({ where: { organizationId: org.id, action: "user.created_by_sso" } })).toBe(1);
    // The second sign-in links the account made by the first.
    expect(failureOf((await signInThroughProvider(user.email)).res)).toBeNull();
    expect(await db.user.count({ where: { organizationId: org.id } })).toBe(2);

    // The free plan's one seat is the admin's.
    const full = await configured("free", { newAccounts: "create_agent" });
    expect(failureOf((await signInThroughProvider(`late@${full.domain}`)).res)).toBe("seats");
    expect(await db.user.count({ where: { email: `late@${full.domain}` } })).toBe(0);
  });

  it("refuses an email without an account when only linking, an inactive account, and another organisation's account", async () => {
    const { org, domain } = await configured();
    expect(failureOf((await signInThroughProvider(`stranger@${domain}`)).res)).toBe("no_account");
    expect(await db.user.count({ where: { email: `stranger@${domain}` } })).toBe(0);
    const inactive = await createUser(org.id, "agent", { email: `gone@${domain}`, isActive: false });
    expect(failureOf((await signInThroughProvider(inactive.email)).res)).toBe("no_account");
    const elsewhere = await createOrg("pro");
    const outsider = await createUser(elsewhere.id, "org_admin", { email: `outsider@${domain}` });
    expect(failureOf((await signInThroughProvider(outsider.email)).res)).toBe("no_account");
    expect(await db.userSession.count({ where: { userId: { in: [inactive.id, outsider.id] } } })).toBe(0);
  });

  it("refuses an email outside the provider's domains and an email the provider has not verified", async () => {
    const { org, domain } = await configured();
    const other = await createUser(org.id, "agent", { email: `agent-${randomUUID().slice(0, 6)}@example.test` });
    const outside = await signInThroughProvider(`someone@${domain}`, other.email);
    expect(failureOf(outside.res)).toBe("domain");
    const unverified = await createUser(org.id, "agent", { email: `unverified.bob@${domain}` });
    expect(failureOf((await signInThroughProvider(unverified.email)).res)).toBe("email_unverified");
    expect(await db.userSession.count({ where: { userId: { in: [other.id, unverified.id] } } })).toBe(0);
  });

  it("refuses a wrong state, a missing flow cookie and a flow cookie that was tampered with", async () => {
    const { org, domain } = await configured();
    const agent = await createUser(org.id, "agent", { email: `carla@${domain}` });
    const begun = await begin(agent.email);
    const returned = await provider.signIn(begun.body.url!, agent.email);
    const wrongState = new URL(returned);
    wrongState.searchParams.set("state", "someone-elses-state");
    expect(failureOf(await back(wrongState, begun.flow))).toBe("expired");
    expect(failureOf(await back(returned, undefined))).toBe("expired");
    expect(failureOf(await back(returned, `${begun.flow!.slice(0, -4)}AAAA`))).toBe("expired");
    const lapsed = sealFlow({ ...openFlow(begun.flow)!, expiresAt: Date.now() - 1 });
    expect(failureOf(await back(returned, lapsed))).toBe("expired");
    expect(await db.userSession.count({ where: { userId: agent.id } })).toBe(0);
  });

  it("refuses a replayed code: the provider spends it once", async () => {
    const { org, domain } = await configured();
    const agent = await createUser(org.id, "agent", { email: `dan@${domain}` });
    const { begun, returned, res } = await signInThroughProvider(agent.email);
    expect(failureOf(res)).toBeNull();
    expect(failureOf(await back(returned, begun.flow))).toBe("provider");
    expect(await db.userSession.count({ where: { userId: agent.id } })).toBe(1);
  });

  it("refuses an ID token issued to another client, and one with another nonce", async () => {
    const { org, domain } = await configured();
    const agent = await createUser(org.id, "agent", { email: `eve@${domain}` });
    const begun = await begin(agent.email);
    const returned = await provider.signIn(begun.body.url!, agent.email);
    // Same person, same nonce, signed by the same provider: only the audience differs.
    provider.swapNextIdToken(await provider.idTokenForAnotherClient(agent.email, openFlow(begun.flow)!.nonce));
    expect(failureOf(await back(returned, begun.flow))).toBe("provider");

    const again = await begin(agent.email);
    const returnedAgain = await provider.signIn(again.body.url!, agent.email);
    const otherNonce = sealFlow({ ...openFlow(again.flow)!, nonce: "a-nonce-this-browser-never-sent" });
    expect(failureOf(await back(returnedAgain, otherNonce))).toBe("provider");
    expect(await db.userSession.count({ where: { userId: agent.id } })).toBe(0);
  });

  it("a person who cancels at the provider comes back to the sign-in page told so", async () => {
    const begun = await begin(`x@${(await configured()).domain}`);
    const state = openFlow(begun.flow)!.state;
    const cancelled = new URL(`http://localhost:3000/api/sso/callback?error=access_denied&state=${state}`);
    expect(failureOf(await back(cancelled, begun.flow))).toBe("cancelled");
  });

  it("counts as the second factor the organisation requires", async () => {
    const { org, domain } = await configured();
    await db.organization.update({ where: { id: org.id }, data: { requireTwoFactor: true } });
    const agent = await createUser(org.id, "agent", { email: `fay@${domain}` });
    const { res } = await signInThroughProvider(agent.email);
    expect(failureOf(res)).toBeNull();
    expect((await db.userSession.findFirstOrThrow({ where: { userId: agent.id } })).twoFactorPending).toBe(false);
  });
});

describe("the provider as the only way in", () => {
  const password = (email: string) =>
    login(
      makeRequest("/api/login", {
        method: "POST",
        body: { email, password: PASSWORD },
        headers: { "x-forwarded-for": nextIp() },
      }),
      params(),
    );

  it("refuses password sign-in for the organisation's people on its domains, with a code naming SSO", async () => {
    const { org, domain, adminCookie, settings } = await configured("pro", { providerOnly: true });
    const covered = await createUser(org.id, "agent", { email: `gil@${domain}` });
    const refused = await readJson(await password(covered.email));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "Your organization signs you in with single sign-on. Use Sign in with SSO.",
      code: "sso_required",
    });
    // Someone of the same organisation on another domain, and of another organisation on this domain, keep their passwords.
    const uncovered = await createUser(org.id, "agent");
    expect((await password(uncovered.email)).status).toBe(200);
    const elsewhere = await createUser((await createOrg("pro")).id, "agent", { email: `hal@${domain}` });
    expect((await password(elsewhere.email)).status).toBe(200);
    // Turned off, the password works again.
    expect((await save(org.id, adminCookie, { ...settings, providerOnly: false })).status).toBe(200);
    expect((await password(covered.email)).status).toBe(200);
  });
});
