import { POST as complete } from "@/app/api/onboarding/complete/route";
import { POST as skip } from "@/app/api/onboarding/skip/route";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

beforeAll(resetDatabase);

describe.each([
  ["complete", complete, "onboarding.completed"],
  ["skip", skip, "onboarding.skipped"],
])("POST /api/onboarding/%s", (_, handler, action) => {
  it("marks only the caller's organisation as onboarded and records it", async () => {
    const org = await createOrg("free", { onboardingCompleted: false });
    const other = await createOrg("free", { onboardingCompleted: false });
    const admin = await createUser(org.id, "org_admin");
    const res = await handler(
      makeRequest("/api/onboarding/x", { method: "POST", headers: { cookie: await sessionCookie(admin) } }),
      params(),
    );
    expect(await readJson(res)).toEqual({ status: 200, body: { onboardingCompleted: true } });
    expect((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).onboardingCompleted).toBe(true);
    expect((await db.organization.findUniqueOrThrow({ where: { id: other.id } })).onboardingCompleted).toBe(false);
    expect(await db.auditEvent.count({ where: { organizationId: org.id, action } })).toBe(1);
  });

  it("needs a session and a same-site request", async () => {
    expect((await handler(makeRequest("/api/onboarding/x", { method: "POST" }), params())).status).toBe(401);
    const org = await createOrg();
    const admin = await createUser(org.id, "org_admin");
    const crossSite = await handler(
      makeRequest("/api/onboarding/x", {
        method: "POST",
        headers: { cookie: await sessionCookie(admin), "sec-fetch-site": "cross-site" },
      }),
      params(),
    );
    expect(crossSite.status).toBe(403);
  });
});
